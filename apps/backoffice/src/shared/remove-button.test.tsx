import { Toasts, toastQueue } from '@botica/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoveButton, type RemoveButtonProps } from './remove-button.tsx';

// The toasts are alert dialogs too: the confirmation is found by its question.
const QUESTION = { name: '¿Quitar Cofares?' };

function renderButton(props: Partial<RemoveButtonProps> = {}) {
  return render(
    <>
      <RemoveButton
        label="Quitar"
        aria-label="Quitar Cofares"
        size="sm"
        title="¿Quitar Cofares?"
        confirmLabel="Quitar"
        onConfirm={async () => undefined}
        done={{ title: 'Cofares quitado de Farmacia Demo' }}
        {...props}
      >
        Farmacia Demo no podrá enviar más pedidos como transfer a través de Cofares.
      </RemoveButton>
      <Toasts />
    </>,
  );
}

afterEach(() => {
  for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
});

describe('RemoveButton', () => {
  it('asks first: nothing is called until the dialog’s confirm, and its cancel closes it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    renderButton({ onConfirm });
    await user.click(screen.getByRole('button', { name: 'Quitar Cofares' }));
    const dialog = await screen.findByRole('alertdialog', QUESTION);
    expect(dialog.textContent).toContain('Farmacia Demo no podrá enviar más pedidos');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', QUESTION)).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does not open while disabled', async () => {
    const user = userEvent.setup();
    renderButton({ isDisabled: true });
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Quitar Cofares' });
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(screen.queryByRole('alertdialog', QUESTION)).toBeNull();
  });

  it('calls on confirm, says it is done, then runs onDone, and closes', async () => {
    const user = userEvent.setup();
    const steps: string[] = [];
    renderButton({
      onConfirm: async () => {
        steps.push('call');
      },
      onDone: () => {
        steps.push(`done, toast shown: ${toastQueue.visibleToasts.length}`);
      },
    });
    await user.click(screen.getByRole('button', { name: 'Quitar Cofares' }));
    const dialog = await screen.findByRole('alertdialog', QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Cofares quitado de Farmacia Demo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog', QUESTION)).toBeNull());
    expect(steps).toEqual(['call', 'done, toast shown: 1']);
  });

  it('reports a failed call, stays open without onDone, and a retry goes through', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const onConfirm = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(undefined);
    renderButton({ onConfirm, onDone, cancelLabel: 'Volver' });
    await user.click(screen.getByRole('button', { name: 'Quitar Cofares' }));
    const dialog = await screen.findByRole('alertdialog', QUESTION);
    const confirm = within(dialog).getByRole('button', { name: 'Quitar' });
    await user.click(confirm);
    expect(await screen.findByText('No es posible acceder al servicio')).toBeTruthy();
    expect(screen.getByRole('alertdialog', QUESTION)).toBe(dialog);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Volver' }).disabled).toBe(false);
    expect(onDone).not.toHaveBeenCalled();

    await user.click(confirm);
    expect(await screen.findByText('Cofares quitado de Farmacia Demo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog', QUESTION)).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(onDone).toHaveBeenCalledOnce();
  });
});
