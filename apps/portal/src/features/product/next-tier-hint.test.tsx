import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CartLineTierHint } from './cart-line-tier-hint.tsx';
import { NextTierHint } from './next-tier-hint.tsx';

const rules = [
  { min_quantity: 6, discount_percent: 18 },
  { min_quantity: 12, discount_percent: 25 },
];

describe('NextTierHint', () => {
  it('states the next tier of the quantity in a polite live region', () => {
    const html = renderToStaticMarkup(
      <NextTierHint product={{ price: 5, final_price: null }} rules={rules} quantity={4} />,
    );
    expect(html).toBe('<p class="next-tier-hint" role="status">Añade 2 uds y pagas 4,10\u00a0€/ud</p>');
  });

  it('follows the quantity, one unit in the singular', () => {
    const html = renderToStaticMarkup(
      <NextTierHint product={{ price: 5, final_price: null }} rules={rules} quantity={11} />,
    );
    expect(html).toContain('Añade 1 ud y pagas 3,75\u00a0€/ud');
  });

  it('keeps the region, silent, at the top tier, without tiers, or when the special price beats them', () => {
    const empty = '<p class="next-tier-hint" role="status"></p>';
    expect(
      renderToStaticMarkup(
        <NextTierHint product={{ price: 5, final_price: null }} rules={rules} quantity={12} />,
      ),
    ).toBe(empty);
    expect(
      renderToStaticMarkup(
        <NextTierHint product={{ price: 5, final_price: null }} rules={[]} quantity={1} />,
      ),
    ).toBe(empty);
    expect(
      renderToStaticMarkup(
        <NextTierHint product={{ price: 5, final_price: 3.5 }} rules={rules} quantity={1} />,
      ),
    ).toBe(empty);
  });
});

describe('CartLineTierHint', () => {
  it('reads the tiers and the price before them from the cart line, at the quantity on screen', () => {
    const volume = { price_before_tiers: null, tiers: rules };
    expect(
      renderToStaticMarkup(<CartLineTierHint product={{ price: 5 }} volume={volume} quantity={4} />),
    ).toContain('Añade 2 uds y pagas 4,10\u00a0€/ud');
    expect(
      renderToStaticMarkup(<CartLineTierHint product={{ price: 5 }} volume={volume} quantity={11} />),
    ).toContain('Añade 1 ud y pagas 3,75\u00a0€/ud');
    // The group's special price beats the first tier: the second is next.
    expect(
      renderToStaticMarkup(
        <CartLineTierHint
          product={{ price: 5 }}
          volume={{ price_before_tiers: 4, tiers: rules }}
          quantity={1}
        />,
      ),
    ).toContain('Añade 11 uds y pagas 3,75\u00a0€/ud');
  });

  it('keeps the region, silent, for a line the cart has not answered tiers for', () => {
    expect(
      renderToStaticMarkup(<CartLineTierHint product={{ price: 5 }} volume={undefined} quantity={4} />),
    ).toBe('<p class="next-tier-hint" role="status"></p>');
  });
});
