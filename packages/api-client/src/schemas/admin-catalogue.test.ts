import { PRICE_RULE_MESSAGES, PRODUCT_CODE_MESSAGES } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PRODUCT_MESSAGES,
  AdminCategoryUpdateRequestSchema,
  AdminProductCreateRequestSchema,
  AdminProductEditRequestSchema,
  AdminProductsQuerySchema,
} from './admin-catalogue.ts';

const product = {
  name: 'Valeriana Forte 60 cápsulas',
  reference: 'VAL-060',
  national_code: '123456.8',
  ean: '8470001234568',
  format: '60 cápsulas',
  description: 'Complemento alimenticio.',
  price: '12,50',
  vat_rate: 10,
  category_ids: [3, 14],
  tag_ids: [],
  tiers: [
    { min_quantity: 6, discount_percent: 4 },
    { min_quantity: 12, discount_percent: 8.5 },
  ],
  special_prices: [{ discount_group_id: 2, price: '11,90' }],
  is_active: true,
  stock_expected_on: null,
  version: 7,
};

/** The 422's `errors` the server would answer: the messages under their dotted paths. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = AdminProductEditRequestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return errors;
}

describe('AdminProductEditRequestSchema', () => {
  it('accepts a well-formed product, and one without codes, tiers or special prices', () => {
    expect(errorsOf(product)).toEqual({});
    expect(
      errorsOf({
        ...product,
        national_code: null,
        ean: null,
        tiers: [],
        special_prices: [],
        price: '1.234,50',
      }),
    ).toEqual({});
    expect(errorsOf({ ...product, national_code: '123456-8', ean: ' 8426494161010 ' })).toEqual({});
  });

  it.each([
    [{ national_code: '123456.7' }, { national_code: [PRODUCT_CODE_MESSAGES.nationalCodeCheck] }],
    [{ national_code: '12345' }, { national_code: [PRODUCT_CODE_MESSAGES.nationalCodeFormat] }],
    [{ national_code: '' }, { national_code: [PRODUCT_CODE_MESSAGES.nationalCodeRequired] }],
    [{ ean: '8470001234566' }, { ean: [PRODUCT_CODE_MESSAGES.eanCheck] }],
    [{ ean: 'abc' }, { ean: [PRODUCT_CODE_MESSAGES.eanFormat] }],
    [{ national_code: '000000.3' }, { ean: [ADMIN_PRODUCT_MESSAGES.eanNotOfNationalCode] }],
    [{ price: '0' }, { price: [PRICE_RULE_MESSAGES.priceZero] }],
    [{ price: '' }, { price: [PRICE_RULE_MESSAGES.priceRequired] }],
    [{ price: '12,345' }, { price: [PRICE_RULE_MESSAGES.priceInvalid] }],
    [{ price: 'NaN' }, { price: [PRICE_RULE_MESSAGES.priceInvalid] }],
    [{ price: '-3' }, { price: [PRICE_RULE_MESSAGES.priceNegative] }],
    [
      {
        tiers: [
          { min_quantity: 6, discount_percent: 4 },
          { min_quantity: 6, discount_percent: 3 },
        ],
      },
      {
        'tiers.1.min_quantity': [PRICE_RULE_MESSAGES.quantityRepeated],
        'tiers.1.discount_percent': [PRICE_RULE_MESSAGES.tierNotCheaper],
      },
    ],
    [
      { tiers: [{ min_quantity: 1, discount_percent: 100 }] },
      {
        'tiers.0.min_quantity': [PRICE_RULE_MESSAGES.quantityTooLow],
        'tiers.0.discount_percent': [PRICE_RULE_MESSAGES.percentTooHigh],
      },
    ],
    [
      { special_prices: [{ discount_group_id: 2, price: '12,50' }] },
      { 'special_prices.0.price': [PRICE_RULE_MESSAGES.specialPriceNotBelow] },
    ],
    [
      { special_prices: [{ discount_group_id: 2, price: '0' }] },
      { 'special_prices.0.price': [PRICE_RULE_MESSAGES.specialPriceNotPositive] },
    ],
    [
      { special_prices: [{ discount_group_id: 2, price: '-1' }] },
      { 'special_prices.0.price': [PRICE_RULE_MESSAGES.priceNegative] },
    ],
    [
      { special_prices: [{ discount_group_id: 2, price: 'once' }] },
      { 'special_prices.0.price': [PRICE_RULE_MESSAGES.priceInvalid] },
    ],
    [
      {
        special_prices: [
          { discount_group_id: 2, price: '11' },
          { discount_group_id: 2, price: '10' },
        ],
      },
      { 'special_prices.1.discount_group_id': [PRICE_RULE_MESSAGES.groupRepeated] },
    ],
    [{ name: '   ' }, { name: [ADMIN_PRODUCT_MESSAGES.nameRequired] }],
    [{ version: -1 }, { version: [ADMIN_PRODUCT_MESSAGES.versionRequired] }],
    [
      { stock_expected_on: '15/12/2026' },
      { stock_expected_on: [ADMIN_PRODUCT_MESSAGES.expectedDateInvalid] },
    ],
  ])('refuses %j with %j', (change, errors) => {
    expect(errorsOf({ ...product, ...change })).toEqual(errors);
  });

  it('judges tiers and special prices against the list price as typed', () => {
    // 11,90 € is below 12,50 € but not below 11,00 €.
    expect(errorsOf({ ...product, price: '11' })).toEqual({
      'special_prices.0.price': [PRICE_RULE_MESSAGES.specialPriceNotBelow],
    });
    // With no list price to compare with, only the price is refused.
    expect(errorsOf({ ...product, price: 'doce' })).toEqual({ price: [PRICE_RULE_MESSAGES.priceInvalid] });
  });

  it('refuses what is not the shape', () => {
    expect(AdminProductEditRequestSchema.safeParse({ ...product, version: undefined }).success).toBe(false);
    expect(AdminProductEditRequestSchema.safeParse({ ...product, vat_rate: 7 }).success).toBe(false);
    expect(
      AdminProductEditRequestSchema.safeParse({
        ...product,
        tiers: Array.from({ length: 11 }, (_, index) => ({
          min_quantity: index + 2,
          discount_percent: index + 1,
        })),
      }).success,
    ).toBe(false);
    expect(
      AdminProductEditRequestSchema.safeParse({
        ...product,
        tiers: [{ min_quantity: '6', discount_percent: 4 }],
      }).success,
    ).toBe(false);
  });
});

describe('AdminProductCreateRequestSchema', () => {
  it('takes the edit without its version, under the same rules', () => {
    const { version: _version, ...fields } = product;
    expect(AdminProductCreateRequestSchema.safeParse(fields).success).toBe(true);
    const refused = AdminProductCreateRequestSchema.safeParse({ ...fields, ean: '8470001234566' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      PRODUCT_CODE_MESSAGES.eanCheck,
    ]);
  });
});

describe('the list query and the category change', () => {
  it('reads the query string', () => {
    expect(
      AdminProductsQuerySchema.parse({ q: ' vale ', category_id: '3', page: '2', status: 'inactive' }),
    ).toEqual({
      q: 'vale',
      category_id: 3,
      page: 2,
      status: 'inactive',
    });
    expect(AdminProductsQuerySchema.safeParse({ stock: 'some' }).success).toBe(false);
  });

  it('refuses a blank name and a negative position', () => {
    expect(AdminCategoryUpdateRequestSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(AdminCategoryUpdateRequestSchema.safeParse({ position: -1 }).success).toBe(false);
    expect(AdminCategoryUpdateRequestSchema.parse({ parent_id: 4, position: 0 })).toEqual({
      parent_id: 4,
      position: 0,
    });
  });
});
