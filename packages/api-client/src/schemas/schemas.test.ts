import { describe, expect, it } from 'vitest';
import {
  CategorySchema,
  EurosSchema,
  LoginRequestSchema,
  MAX_SEARCH_CATEGORIES,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TAGS,
  ProductSearchRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SaveCartRequestSchema,
  SearchRequestSchema,
} from './index.ts';

describe('request schemas', () => {
  it('accept a well-formed cart and refuse repeated products, bad quantities and unknown fields', () => {
    expect(SaveCartRequestSchema.safeParse({ products: [{ id: 1, quantity: 2 }] }).success).toBe(true);
    expect(SaveCartRequestSchema.safeParse({ products: [] }).success).toBe(true);
    const repeated = SaveCartRequestSchema.safeParse({
      products: [
        { id: 1, quantity: 2 },
        { id: 1, quantity: 3 },
      ],
    });
    expect(repeated.error?.issues.map((issue) => issue.message)).toEqual(['Producto repetido.']);
    for (const products of [
      [{ id: 1, quantity: 0 }],
      [{ id: 1, quantity: 2.5 }],
      [{ id: 1, quantity: 10_000 }],
      [{ id: -1, quantity: 1 }],
      [{ id: 1, quantity: 1, price: 0 }],
      [{ id: '1', quantity: 1 }],
    ]) {
      expect(SaveCartRequestSchema.safeParse({ products }).success, JSON.stringify(products)).toBe(false);
    }
    expect(SaveCartRequestSchema.safeParse({ products: [], total: 0 }).success).toBe(false);
    expect(SaveCartRequestSchema.safeParse({}).success).toBe(false);
  });

  it('trim the username and require both login fields', () => {
    expect(LoginRequestSchema.parse({ username: ' farmacia.demo ', password: 'x' }).username).toBe(
      'farmacia.demo',
    );
    expect(LoginRequestSchema.safeParse({ username: '', password: 'x' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ username: 'a' }).success).toBe(false);
  });

  it('bound the search and the catalogue filters', () => {
    expect(SearchRequestSchema.safeParse({ query: 'equinacea', page: 0 }).success).toBe(true);
    expect(SearchRequestSchema.safeParse({ query: 'x', page: -1 }).success).toBe(false);
    expect(SearchRequestSchema.safeParse({ query: 'x'.repeat(101) }).success).toBe(false);
    expect(
      ProductSearchRequestSchema.safeParse({ categories: [3, 4], price: { min: 5, max: 20 } }).success,
    ).toBe(true);
    expect(ProductSearchRequestSchema.safeParse({ per_page: 1000 }).success).toBe(false);
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    const within = { categories: ids(MAX_SEARCH_CATEGORIES), tags: ids(MAX_SEARCH_TAGS) };
    expect(ProductSearchRequestSchema.safeParse({ ...within, per_page: MAX_SEARCH_PAGE_SIZE }).success).toBe(
      true,
    );
    expect(ProductSearchRequestSchema.safeParse({ categories: ids(MAX_SEARCH_CATEGORIES + 1) }).success).toBe(
      false,
    );
    expect(ProductSearchRequestSchema.safeParse({ tags: ids(MAX_SEARCH_TAGS + 1) }).success).toBe(false);
    expect(ProductSearchRequestSchema.safeParse({ per_page: MAX_SEARCH_PAGE_SIZE + 1 }).success).toBe(false);
    expect(ProductSearchRequestSchema.safeParse({ price: { min: -1 } }).success).toBe(false);
  });
});

describe('access request schemas', () => {
  const registration = {
    username: ' farmacia.sol ',
    cif: 'B12345674',
    pharmacy_name: 'Farmacia del Sol',
    email: 'compras@farmaciasol.es',
    phone: '912345678',
    postal_code: '28013',
    privacy_accepted: true,
  };

  it('keep the wire names of the spec, trim the texts and require the privacy acceptance', () => {
    expect(RegisterRequestSchema.parse(registration).username).toBe('farmacia.sol');
    expect(RegisterRequestSchema.safeParse({ ...registration, privacy_accepted: false }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...registration, cif: undefined }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...registration, role: 'admin' }).success).toBe(false);
  });

  it('bound the reset fields without judging the password (the domain rules do)', () => {
    const reset = { secret: 'abc', password: 'x', password_confirmation: '' };
    expect(ResetPasswordRequestSchema.safeParse(reset).success).toBe(true);
    expect(ResetPasswordRequestSchema.safeParse({ ...reset, secret: ' ' }).success).toBe(false);
    expect(ResetPasswordRequestSchema.safeParse({ ...reset, password: 'a'.repeat(1001) }).success).toBe(
      false,
    );
  });
});

describe('response schemas', () => {
  it('read euros with at most two decimals', () => {
    expect(EurosSchema.safeParse(1234.56).success).toBe(true);
    expect(EurosSchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(EurosSchema.safeParse(12.345).success).toBe(false);
    expect(EurosSchema.safeParse(-1).success).toBe(false);
  });

  it('read a category tree of any depth', () => {
    const leaf = { id: 3, name: 'Defensas', slug: 'defensas', parent_id: 2, product_count: 4, children: [] };
    const root = {
      id: 2,
      name: 'Problemas de salud',
      slug: 'problemas',
      parent_id: null,
      product_count: 4,
      children: [leaf],
    };
    expect(CategorySchema.parse(root).children[0]?.name).toBe('Defensas');
    expect(CategorySchema.safeParse({ ...root, children: [{ ...leaf, id: 'x' }] }).success).toBe(false);
  });
});
