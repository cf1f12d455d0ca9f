import type { AdminProduct } from '@botica/api-client/admin';
import { PRICE_RULE_MESSAGES, PRODUCT_CODE_MESSAGES } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyValues,
  formProblems,
  type ProductFormValues,
  productFields,
  rowKey,
  sameValues,
  valuesOf,
} from './product-form.ts';

function filled(changes: Partial<ProductFormValues> = {}): ProductFormValues {
  return { ...emptyValues(), name: 'Equinácea', reference: 'BOT-001', price: '12,50', ...changes };
}

const tier = (minQuantity: string, discountPercent: string) => ({
  key: rowKey(),
  minQuantity,
  discountPercent,
});

describe('the product form', () => {
  it('has no problem once the required fields hold values the rules accept', () => {
    expect(formProblems(filled())).toEqual({});
    expect(
      formProblems(
        filled({
          nationalCode: '123456.8',
          ean: '8470001234568',
          tiers: [tier('6', '5'), tier('12', '7,5')],
        }),
      ),
    ).toEqual({});
  });

  it('says what is wrong with the codes as typed, with the domain check digits', () => {
    expect(formProblems(filled({ nationalCode: '123456.7' })).national_code).toBe(
      PRODUCT_CODE_MESSAGES.nationalCodeCheck,
    );
    expect(formProblems(filled({ ean: '8470001234566' })).ean).toBe(PRODUCT_CODE_MESSAGES.eanCheck);
    expect(formProblems(filled({ ean: '84700' })).ean).toBe(PRODUCT_CODE_MESSAGES.eanFormat);
    // A medicine's EAN that names another CN.
    expect(formProblems(filled({ nationalCode: '123456.8', ean: '8470006543214' })).ean).toBe(
      'El EAN no corresponde al código nacional.',
    );
  });

  it('refuses a tier that does not lower the price and quantities that do not increase, row by row', () => {
    const problems = formProblems(filled({ tiers: [tier('6', '10'), tier('12', '5'), tier('12', '20')] }));
    expect(problems['tiers.1.discount_percent']).toBe(PRICE_RULE_MESSAGES.tierNotCheaper);
    expect(problems['tiers.2.min_quantity']).toBe(PRICE_RULE_MESSAGES.quantityRepeated);
    expect(problems['tiers.0.min_quantity']).toBeUndefined();
  });

  it('reads a typed quantity or percentage that is not a number as the rules word it', () => {
    const problems = formProblems(filled({ tiers: [tier('seis', 'x')] }));
    expect(problems['tiers.0.min_quantity']).toBe(PRICE_RULE_MESSAGES.quantityInvalid);
    expect(problems['tiers.0.discount_percent']).toBe(PRICE_RULE_MESSAGES.percentInvalid);
  });

  it('asks for the required texts and a price, and a group for each special price', () => {
    const problems = formProblems({
      ...emptyValues(),
      specialPrices: [{ key: rowKey(), discountGroupId: '', price: '3' }],
    });
    expect(problems.name).toBe('El nombre es obligatorio.');
    expect(problems.reference).toBe('La referencia es obligatoria.');
    expect(problems.price).toBe(PRICE_RULE_MESSAGES.priceRequired);
    expect(problems['special_prices.0.discount_group_id']).toBe('Elige un grupo de descuento.');
  });

  it('refuses a special price that is not below the list price', () => {
    const problems = formProblems(
      filled({ specialPrices: [{ key: rowKey(), discountGroupId: '2', price: '12,50' }] }),
    );
    expect(problems['special_prices.0.price']).toBe(PRICE_RULE_MESSAGES.specialPriceNotBelow);
  });

  it('sends the units in stock only when the admin changed them, and refuses units that are not a whole number', () => {
    const read = { ...filled({}), stockUnits: '42', stockUnitsRead: '42' };
    expect(productFields(read)).not.toHaveProperty('stock_units');
    expect(productFields({ ...read, stockUnits: ' 0 ' })).toMatchObject({ stock_units: 0 });
    expect(formProblems({ ...read, stockUnits: '-3' }).stock_units).toBeDefined();
  });

  it('sends what was typed in the wire shape, and reads it back to the same form', () => {
    const values = filled({
      nationalCode: ' 123456.8 ',
      expectedDate: '2026-12-15',
      isActive: false,
      tiers: [tier('6', '7,5')],
      specialPrices: [{ key: rowKey(), discountGroupId: '3', price: '9,90' }],
    });
    const fields = productFields(values);
    expect(fields).toMatchObject({
      national_code: '123456.8',
      ean: null,
      price: '12,50',
      vat_rate: 21,
      tiers: [{ min_quantity: 6, discount_percent: 7.5 }],
      special_prices: [{ discount_group_id: 3, price: '9,90' }],
      is_active: false,
      stock_expected_on: '2026-12-15',
    });
    const product = {
      ...fields,
      national_code: '1234568',
      id: 7,
      version: 3,
      categories: [],
      stock: { state: 'out_of_stock', units: 0, expected_on: '2026-12-15' },
      image: { thumbnail: '', miniproduct: '', full: '' },
      created_at: '2026-01-01T00:00:00Z',
    } as unknown as AdminProduct;
    const back = valuesOf(product);
    expect(back.tiers[0]).toMatchObject({ minQuantity: '6', discountPercent: '7,5' });
    expect(sameValues(back, valuesOf(product))).toBe(true);
    expect(sameValues(back, { ...back, price: '12,60' })).toBe(false);
  });
});
