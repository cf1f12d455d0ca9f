import { ADD_TO_CART_TOAST_MS, TOAST_MS } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { createToastQueue, showAddToCartToast, showToast } from './toasts.tsx';

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
});
