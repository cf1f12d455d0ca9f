import type { Cart } from '@botica/api-client/schemas';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PriceChangeNotice } from './price-change-notice.tsx';
import { priceChanges, priceChangeText } from './price-changes.ts';

function cartOf(
  items: { id: number; price: number; final_price: number | null; previous?: number | null }[],
) {
  return {
    items: items.map((item) => ({
      product: {
        id: item.id,
        reference: `BT-${item.id}`,
        name: `Producto ${item.id}`,
        format: '',
        price: item.price,
        final_price: item.final_price,
        vat_rate: 10,
        stock: 'in_stock',
        image: { thumbnail: '', miniproduct: '', full: '' },
      },
      quantity: 1,
      price: item.final_price ?? item.price,
      price_include_discount: item.final_price ?? item.price,
      ...(item.previous === undefined ? {} : { previous_price: item.previous }),
    })),
  } as unknown as Cart;
}

describe('priceChanges', () => {
  it('names the lines whose unit price moved since the last save, with the client’s price now', () => {
    const cart = cartOf([
      { id: 1, price: 4.95, final_price: null, previous: 4.5 },
      { id: 2, price: 10, final_price: 9.2, previous: 9.5 },
      { id: 3, price: 7, final_price: null, previous: null },
      { id: 4, price: 7, final_price: null },
      { id: 5, price: 7, final_price: null, previous: 7 },
    ]);
    expect(priceChanges(cart, new Set([1, 2, 3, 4, 5]))).toEqual([
      { productId: 1, name: 'Producto 1', previousCents: 450, currentCents: 495 },
      { productId: 2, name: 'Producto 2', previousCents: 950, currentCents: 920 },
    ]);
    // A line no longer on screen, and no cart at all, tell nothing.
    expect(priceChanges(cart, new Set([2])).map((change) => change.productId)).toEqual([2]);
    expect(priceChanges(null, new Set([1]))).toEqual([]);
  });

  it('says it in words, with both prices', () => {
    expect(priceChangeText({ productId: 1, name: 'X', previousCents: 450, currentCents: 495 })).toBe(
      'El precio ha cambiado: antes 4,50\u00a0€, ahora 4,95\u00a0€.',
    );
  });
});

describe('PriceChangeNotice', () => {
  it('is an empty status region without changes, and lists each product with its notice', () => {
    expect(renderToStaticMarkup(<PriceChangeNotice changes={[]} />)).toBe(
      '<div class="cart__price-changes" role="status"></div>',
    );
    const html = renderToStaticMarkup(
      <PriceChangeNotice
        changes={[
          { productId: 1, name: 'Valeriana Forte', previousCents: 450, currentCents: 495 },
          { productId: 2, name: 'Equinácea', previousCents: 950, currentCents: 920 },
        ]}
      />,
    );
    expect(html).toContain('2 productos de tu pedido han cambiado de precio');
    expect(html).toContain(
      '<strong>Valeriana Forte</strong>: El precio ha cambiado: antes 4,50\u00a0€, ahora 4,95\u00a0€.',
    );
    expect(html).toContain(
      '<strong>Equinácea</strong>: El precio ha cambiado: antes 9,50\u00a0€, ahora 9,20\u00a0€.',
    );
  });
});
