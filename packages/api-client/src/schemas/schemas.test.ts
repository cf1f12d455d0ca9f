import { DEMO_LABORATORY, isLaboratory, SURCHARGE_RATES, VAT_RATES } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import {
  AnswerSurveyRequestSchema,
  CartSchema,
  CategorySchema,
  EurosSchema,
  LabMessageSchema,
  LaboratorySchema,
  LoginRequestSchema,
  MAX_SEARCH_CATEGORIES,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TAGS,
  madridWallClockSchema,
  ProductSearchRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SaveCartRequestSchema,
  SearchRequestSchema,
  SurchargeLineSchema,
  SurchargeRateSchema,
  SurveyQuestionSchema,
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

  const cart = {
    id: 1,
    client_id: 2,
    items: [],
    price: 100,
    discounts: [],
    price_discount_line: 0,
    taxes: [{ rate: 21, base: 100, amount: 21 }],
    price_tax: 26.2,
    total_price: 126.2,
    version: 1,
    updated_at: '2026-05-04T10:00:00.000Z',
  };

  it('read the recargo de equivalencia lines, and none from a server that does not send them', () => {
    const surcharges = [{ vat_rate: 21, rate: 5.2, base: 100, amount: 5.2 }];
    expect(CartSchema.parse({ ...cart, recargo_equivalencia: true, surcharges })).toMatchObject({
      recargo_equivalencia: true,
      surcharges,
    });
    expect(CartSchema.parse({ ...cart, price_tax: 21, total_price: 121 })).toMatchObject({
      recargo_equivalencia: false,
      surcharges: [],
    });
  });

  it("refuse a surcharge whose rate is not its VAT rate's", () => {
    for (const vat_rate of VAT_RATES) {
      const rate = SURCHARGE_RATES[vat_rate];
      expect(SurchargeRateSchema.parse(rate)).toBe(rate);
      expect(SurchargeLineSchema.safeParse({ vat_rate, rate, base: 10, amount: 0.05 }).success).toBe(true);
    }
    const wrong = SurchargeLineSchema.safeParse({ vat_rate: 21, rate: 1.4, base: 10, amount: 0.14 });
    expect(wrong.error?.issues[0]?.path).toEqual(['rate']);
    expect(SurchargeRateSchema.safeParse(1.75).success).toBe(false);
  });
});

describe('survey and message schemas', () => {
  it('take answers keyed by question id, refusing odd keys and values', () => {
    expect(
      AnswerSurveyRequestSchema.safeParse({ answers: { '4': 1, '6': [1, 2], '9': 'Bien' } }).success,
    ).toBe(true);
    for (const answers of [
      { '0': 1 },
      { toString: 1 },
      { '4': { value: 1 } },
      { '4': 1.5 },
      { '9': 'x'.repeat(4001) },
    ]) {
      expect(AnswerSurveyRequestSchema.safeParse({ answers }).success, JSON.stringify(answers)).toBe(false);
    }
    expect(AnswerSurveyRequestSchema.safeParse({ answers: {}, extra: 1 }).success).toBe(false);
  });

  it('tell the kinds of question apart and keep message bodies plain text', () => {
    const rating = SurveyQuestionSchema.parse({
      id: 1,
      kind: 'rating',
      prompt: '¿Qué tal?',
      help: null,
      required: true,
      min_label: 'Mal',
      max_label: 'Bien',
    });
    expect(rating.kind).toBe('rating');
    expect(SurveyQuestionSchema.safeParse({ ...rating, kind: 'scale' }).success).toBe(false);
    const message = {
      id: 1,
      kind: 'holiday',
      severity: 'warning',
      title: 'Cierre',
      summary: 'Cerrado.',
      body: 'Cerrado.',
      starts_at: '2026-03-18T10:00:00.000Z',
      ends_at: '2026-03-20T10:00:00.000Z',
      read_at: null,
    };
    expect(LabMessageSchema.safeParse(message).success).toBe(true);
    expect(LabMessageSchema.safeParse({ ...message, severity: 'loud' }).success).toBe(false);
  });
});

describe('LaboratorySchema and the domain’s isLaboratory', () => {
  // The portal checks the identity its page carries with the domain's guard (no zod in its first
  // load); the endpoint answers it through this schema: both must accept exactly the same values.
  it('agree on the whole identity, and on each field missing or of another type', () => {
    const agree = (value: unknown) =>
      expect(isLaboratory(value), JSON.stringify(value)).toBe(LaboratorySchema.safeParse(value).success);
    agree(DEMO_LABORATORY);
    agree({ ...DEMO_LABORATORY, foodRegistry: null });
    for (const key of Object.keys(DEMO_LABORATORY)) {
      const { [key]: _, ...missing } = DEMO_LABORATORY as unknown as Record<string, unknown>;
      agree(missing);
      for (const other of [7, 'x', null, true, {}]) agree({ ...DEMO_LABORATORY, [key]: other });
    }
    for (const key of Object.keys(DEMO_LABORATORY.address)) {
      agree({ ...DEMO_LABORATORY, address: { ...DEMO_LABORATORY.address, [key]: 7 } });
    }
    agree({ ...DEMO_LABORATORY, authorisation: { authority: 'AEMPS' } });
  });
});

describe('madridWallClockSchema', () => {
  const schema = madridWallClockSchema('La fecha no es válida.');
  const messages = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

  it("takes a real minute on Madrid's wall clock as a datetime-local field writes it", () => {
    expect(schema.safeParse('2027-03-29T10:00')).toEqual({ success: true, data: '2027-03-29T10:00' });
    expect(schema.safeParse('2027-03-28T02:30').success).toBe(true);
  });

  it("refuses anything else with the feature's one message", () => {
    for (const value of ['2027-02-31T10:00', '29/03/2027 10:00', '2027-03-29T24:00', '', 'mañana', 7, null]) {
      expect(messages(value), String(value)).toEqual(['La fecha no es válida.']);
    }
  });
});
