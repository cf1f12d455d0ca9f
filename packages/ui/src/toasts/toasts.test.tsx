import { ADD_TO_CART_TOAST_MS, TOAST_MS } from '@botica/domain';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { createToastQueue, showAddToCartToast, showToast, Toasts } from './toasts.tsx';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('toasts', () => {
  it('keeps other toasts 7 s and the add-to-cart toast 1.5 s, newest first', () => {
    const queue = createToastQueue();
    showToast({ title: 'Fichero demasiado grande', tone: 'warning' }, { queue });
    showAddToCartToast({ product: { name: 'Valeriana' }, previousQuantity: 0, quantity: 2, queue });
    const [addToCart, other] = queue.visibleToasts;
    expect(addToCart?.timeout).toBe(ADD_TO_CART_TOAST_MS);
    expect(addToCart?.content).toMatchObject({
      title: 'Has agregado 2 unidades en tu pedido',
      product: { name: 'Valeriana' },
    });
    expect(other?.timeout).toBe(TOAST_MS);
    queue.clear();
  });

  it("says 'Ahora tienes N unidades' when the line already existed", () => {
    const queue = createToastQueue();
    showAddToCartToast({ product: { name: 'Valeriana' }, previousQuantity: 2, quantity: 5, queue });
    expect(queue.visibleToasts[0]?.content.title).toBe('Ahora tienes 5 unidades en tu pedido');
    queue.clear();
  });

  it('mounts the region with the first toast, and shows it', async () => {
    const queue = createToastQueue();
    render(<Toasts queue={queue} />);
    expect(screen.queryByRole('region', { name: 'Notificaciones' })).toBeNull();
    act(() => void showToast({ title: 'La sesión ha expirado', tone: 'warning' }, { queue }));
    expect(await screen.findByRole('region', { name: 'Notificaciones' })).toHaveTextContent(
      'La sesión ha expirado',
    );
    act(() => queue.clear());
    expect(screen.queryByText('La sesión ha expirado')).toBeNull();
    act(() => void showToast({ title: 'Fichero demasiado grande' }, { queue }));
    expect(await screen.findByText('Fichero demasiado grande')).toBeVisible();
    act(() => queue.clear());
  });

  it('shows a toast queued before it mounted', async () => {
    const queue = createToastQueue();
    showToast({ title: 'Servidor no disponible, intentelo más tarde' }, { queue });
    render(<Toasts queue={queue} />);
    expect(await screen.findByText('Servidor no disponible, intentelo más tarde')).toBeVisible();
    act(() => queue.clear());
  });

  describe('beside a modal dialog', () => {
    afterEach(async () => {
      await page.viewport(414, 896);
    });

    for (const [width, height] of [
      [360, 740],
      [768, 1024],
      [1280, 800],
    ] as const) {
      it(`never covers the dialog's buttons at ${width} px`, async () => {
        await page.viewport(width, height);
        const queue = createToastQueue();
        render(
          <>
            <ConfirmDialog title="¿Eliminar este usuario?" isOpen onConfirm={() => undefined}>
              <p>Dejará de poder entrar en el portal.</p>
            </ConfirmDialog>
            <Toasts queue={queue} />
          </>,
        );
        act(() => {
          showToast(
            { title: 'No es posible acceder al servicio', description: 'Comprueba tu conexión a internet.' },
            { queue },
          );
          showToast(
            {
              title: 'Has eliminado el producto de tu pedido',
              action: { label: 'Deshacer', onAction: () => undefined },
            },
            { queue },
          );
        });
        const region = await screen.findByRole('region', { name: 'Notificaciones' });
        const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar este usuario?' });
        // Once the toasts' room is known and the animations have ended.
        await new Promise((resolve) => setTimeout(resolve, 600));
        const toasts = [...region.querySelectorAll('.bt-toast')].map((toast) =>
          toast.getBoundingClientRect(),
        );
        expect(toasts).toHaveLength(2);
        for (const button of within(dialog).getAllByRole('button')) {
          const box = button.getBoundingClientRect();
          for (const toast of toasts) expect(overlaps(toast, box), button.textContent ?? '').toBe(false);
        }
        act(() => queue.clear());
      });
    }
  });
});
