import { ADD_TO_CART_TOAST_MS, TOAST_MS } from '@botica/domain';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createToastQueue, showAddToCartToast, showToast, Toasts } from './toasts.tsx';

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
});
