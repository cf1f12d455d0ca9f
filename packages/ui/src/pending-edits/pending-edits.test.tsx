import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../internal/fixtures.ts';
import { ProductCard } from '../product-card/product-card.tsx';
import { QuantityInput } from '../quantity-input/quantity-input.tsx';
import type { Product } from '../types.ts';
import { flushPendingEdits, hasPendingEdits, registerPendingEdit } from './pending-edits.ts';

describe('pending edits', () => {
  afterEach(() => {
    flushPendingEdits();
  });

  it('hands every registered edit on at once, in order, and forgets them', () => {
    const calls: string[] = [];
    registerPendingEdit(() => calls.push('a'));
    const unregister = registerPendingEdit(() => calls.push('b'));
    registerPendingEdit(() => calls.push('c'));
    unregister();
    expect(hasPendingEdits()).toBe(true);
    expect(flushPendingEdits()).toBe(2);
    expect(calls).toEqual(['a', 'c']);
    expect(hasPendingEdits()).toBe(false);
    expect(flushPendingEdits()).toBe(0);
  });

  it('takes the quantity a field holds back in its 500 ms pause, synchronously, exactly once', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<QuantityInput value={10} onChange={onChange} productName="Valeriana" />);
    const plus = screen.getByRole('button', { name: 'Añadir una unidad de Valeriana' });
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    expect(onChange).not.toHaveBeenCalled();
    expect(hasPendingEdits()).toBe(true);
    act(() => {
      flushPendingEdits();
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith(13);
    expect(hasPendingEdits()).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('hands a held-back quantity on when its field unmounts (leaving the page), instead of dropping it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const view = render(<QuantityInput value={2} onChange={onChange} productName="Valeriana" />);
    await user.click(screen.getByRole('button', { name: 'Añadir una unidad de Valeriana' }));
    view.unmount();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(3);
    expect(hasPendingEdits()).toBe(false);
  });

  it("a product card's 'Añadir' adds the number typed in its field, not yet committed", async () => {
    const [product] = products as [Product];
    const onAddToCart = vi.fn();
    const user = userEvent.setup();
    render(<ProductCard product={product} onAddToCart={onAddToCart} />);
    const field = screen.getByRole('textbox', { name: `Unidades de ${product.name}` });
    await user.clear(field);
    await user.type(field, '7');
    // As a press that does not move the focus off the field (a keyboard shortcut, a script) would.
    act(() => {
      screen.getByRole('button', { name: `Añadir ${product.name} al pedido` }).click();
    });
    expect(onAddToCart).toHaveBeenCalledExactlyOnceWith(product, 7);
    expect(field).toHaveValue('7');
  });
});
