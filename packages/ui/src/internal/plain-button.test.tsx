import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlainButton } from './plain-button.tsx';

describe('PlainButton', () => {
  it('is pressed by a click, Enter and Space', async () => {
    const onPress = vi.fn();
    const user = userEvent.setup();
    render(
      <PlainButton aria-label="Añadir Valeriana al pedido" onPress={onPress}>
        Añadir
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Añadir Valeriana al pedido' });
    await user.click(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
    expect(button).toHaveAttribute('type', 'button');
  });

  it('is disabled with isDisabled', async () => {
    const onPress = vi.fn();
    render(
      <PlainButton onPress={onPress} isDisabled>
        Añadir
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Añadir' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-disabled');
  });

  it('stays focusable while pending, blocks presses and reads its name out when pending changes', async () => {
    const onPress = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <PlainButton aria-label="Añadir Valeriana al pedido" onPress={onPress}>
        Añadir
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Añadir Valeriana al pedido' });
    await user.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    rerender(
      <PlainButton aria-label="Añadir Valeriana al pedido" onPress={onPress} isPending>
        Añadir
      </PlainButton>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('data-pending');
    expect(button).not.toHaveAttribute('disabled');
    await user.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(document.querySelector('[data-live-announcer]')).toHaveTextContent('Añadir Valeriana al pedido');
  });
});
