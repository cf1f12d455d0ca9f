import { describe, expect, it } from 'vitest';
import { defaultSubstitutes, isOfferable, productFormOf, type SubstituteCandidate } from './substitutes.ts';

describe('productFormOf', () => {
  it.each([
    ['60 cápsulas', '', 'capsules'],
    ['90 perlas', '', 'capsules'],
    ['30 comprimidos recubiertos', '', 'tablets'],
    ['30 gominolas', '', 'tablets'],
    ['20 sobres', '', 'sachets'],
    ['200 ml', 'Jarabe de própolis', 'liquid'],
    ['20 viales bebibles', '', 'liquid'],
    ['250ml', '', 'liquid'],
    ['50 ml', 'Gel de árnica', 'topical'],
    ['100 ml', 'Crema de caléndula', 'topical'],
    ['25 bolsitas', '', 'infusion'],
    ['300 g', '', 'powder'],
    ['1 unidad', '', 'other'],
  ])('%s (%s) is %s', (format, name, form) => {
    expect(productFormOf(format, name)).toBe(form);
  });

  it('reads the name only for topical products: a capsule named after a cream is still a capsule', () => {
    expect(productFormOf('60 cápsulas', 'Crema de la crema')).toBe('capsules');
  });
});

function candidate(overrides: Partial<SubstituteCandidate> & { id: number }): SubstituteCandidate {
  return {
    name: `Producto ${String(overrides.id)}`,
    format: '60 cápsulas',
    priceCents: 1000,
    stockUnits: 50,
    isActive: true,
    healthCategoryIds: [20],
    ...overrides,
  };
}

describe('defaultSubstitutes', () => {
  const soldOut = candidate({ id: 1, stockUnits: 0, healthCategoryIds: [20, 21] });

  it('keeps only active, available products of the same form sharing a health problem', () => {
    const found = defaultSubstitutes(soldOut, [
      soldOut,
      candidate({ id: 2 }),
      candidate({ id: 3, isActive: false }),
      candidate({ id: 4, stockUnits: 0 }),
      candidate({ id: 5, format: '30 comprimidos' }),
      candidate({ id: 6, healthCategoryIds: [99] }),
      candidate({ id: 7, stockUnits: 3 }),
    ]);
    expect(found.map((p) => p.id)).toEqual([2, 7]);
  });

  it('ranks by shared health problems, then full stock, then the nearest price, then the name', () => {
    const found = defaultSubstitutes(soldOut, [
      candidate({ id: 2, priceCents: 1500 }),
      candidate({ id: 3, healthCategoryIds: [20, 21], priceCents: 3000 }),
      candidate({ id: 4, priceCents: 1100, stockUnits: 5 }),
      candidate({ id: 5, priceCents: 1100 }),
      candidate({ id: 6, priceCents: 900, name: 'Abedul' }),
    ]);
    expect(found.map((p) => p.id)).toEqual([3, 6, 5, 2]);
  });

  it('orders products alike in everything by their id, so every answer lists them the same', () => {
    const alike = { priceCents: 1200, name: 'Equinácea Plus' };
    const found = defaultSubstitutes(soldOut, [
      candidate({ id: 9, ...alike }),
      candidate({ id: 4, ...alike }),
      candidate({ id: 7, ...alike }),
    ]);
    expect(found.map((p) => p.id)).toEqual([4, 7, 9]);
  });

  it('shows a few at most', () => {
    const many = Array.from({ length: 10 }, (_, index) => candidate({ id: index + 2 }));
    expect(defaultSubstitutes(soldOut, many)).toHaveLength(4);
    expect(defaultSubstitutes(soldOut, many, 2)).toHaveLength(2);
  });

  it('offers nothing for a product of no known form or no health problem', () => {
    const others = [candidate({ id: 2, format: '1 unidad' })];
    expect(defaultSubstitutes(candidate({ id: 1, format: '1 unidad' }), others)).toEqual([]);
    expect(defaultSubstitutes(candidate({ id: 1, healthCategoryIds: [] }), [candidate({ id: 2 })])).toEqual(
      [],
    );
  });
});

describe('isOfferable', () => {
  it('is an active product that is not sold out', () => {
    expect(isOfferable({ isActive: true, stockUnits: 1 })).toBe(true);
    expect(isOfferable({ isActive: true, stockUnits: 0 })).toBe(false);
    expect(isOfferable({ isActive: false, stockUnits: 9 })).toBe(false);
  });
});
