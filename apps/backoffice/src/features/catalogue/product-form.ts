/**
 * The product form as the admin types it: every field a text (a price '12,50', a tier's '7,5 %'),
 * read into the edit request the server takes, and checked as typed with the rules the server
 * applies (`@botica/domain`'s check digits and price rules, the request schema's lengths), so the
 * messages under the fields are the ones a 422 would bring.
 */
import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProduct,
  AdminProductCreateRequestSchema,
  type AdminProductFields,
  MAX_PRODUCT_TIERS,
} from '@botica/api-client/admin';
import {
  ean13Problem,
  eanFromNationalCode,
  NATIONAL_CODE_EAN_PREFIX,
  nationalCodeProblem,
  parseEuros,
  parsePrice,
  priceProblem,
  productPriceProblems,
} from '@botica/domain';

/** The VAT rates a product may have, as the select's keys. */
export const VAT_RATES = ['4', '10', '21'] as const;
export type VatRateKey = (typeof VAT_RATES)[number];

/** The stock states, as the portal's badge says them. */
export const STOCK_LABELS = {
  in_stock: 'En stock',
  low_stock: 'Últimas unidades',
  out_of_stock: 'Agotado',
} as const;
export type StockState = keyof typeof STOCK_LABELS;

/** A volume tier's row as typed. `key` keeps a row's fields with it when another row goes. */
export interface TierRow {
  key: string;
  minQuantity: string;
  discountPercent: string;
}

/** A discount group's special price as typed. */
export interface SpecialPriceRow {
  key: string;
  /** The group's id, '' until one is chosen. */
  discountGroupId: string;
  price: string;
}

/** The product form's values: what the admin sees and types. */
export interface ProductFormValues {
  name: string;
  reference: string;
  nationalCode: string;
  ean: string;
  format: string;
  description: string;
  price: string;
  vatRate: VatRateKey;
  /** The units in stock as typed. */
  stockUnits: string;
  /** The units as the product was read: the save sends the units only when the admin changed them. */
  stockUnitsRead: string;
  /** The date a sold-out product is expected back ('2026-12-01'), '' when not known. */
  expectedDate: string;
  isActive: boolean;
  categoryIds: number[];
  tagIds: number[];
  tiers: TierRow[];
  specialPrices: SpecialPriceRow[];
}

/** Problems by field path (`tiers.1.discount_percent`): the first message of each, as shown. */
export type FormProblems = Record<string, string>;

let rowCount = 0;
/** A key for a new row, unique in the page. */
export function rowKey(): string {
  rowCount += 1;
  return `row-${String(rowCount)}`;
}

/** A new product's empty form. */
export function emptyValues(): ProductFormValues {
  return {
    name: '',
    reference: '',
    nationalCode: '',
    ean: '',
    format: '',
    description: '',
    price: '',
    vatRate: '21',
    stockUnits: '0',
    stockUnitsRead: '0',
    expectedDate: '',
    isActive: true,
    categoryIds: [],
    tagIds: [],
    tiers: [],
    specialPrices: [],
  };
}

/** The form of a product as the server sent it (its amounts already as typed: '12,50'). */
export function valuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    reference: product.reference,
    nationalCode: product.national_code ?? '',
    ean: product.ean ?? '',
    format: product.format,
    description: product.description,
    price: product.price,
    vatRate: String(product.vat_rate) as VatRateKey,
    stockUnits: String(product.stock.units),
    stockUnitsRead: String(product.stock.units),
    expectedDate: product.stock_expected_on ?? '',
    isActive: product.is_active,
    categoryIds: [...product.category_ids],
    tagIds: [...product.tag_ids],
    tiers: product.tiers.map((tier) => ({
      key: rowKey(),
      minQuantity: String(tier.min_quantity),
      discountPercent: decimalText(tier.discount_percent),
    })),
    specialPrices: product.special_prices.map((special) => ({
      key: rowKey(),
      discountGroupId: String(special.discount_group_id),
      price: special.price,
    })),
  };
}

/** A decimal as es-ES writes it in a field: '7,5', '10'. */
export function decimalText(value: number): string {
  return String(value).replace('.', ',');
}

/** A typed decimal ('7,5', '7.5', ' 10 '), or NaN when it is not one (the rules say why). */
export function readDecimal(text: string): number {
  const compact = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** A typed whole number, or NaN when it is not one. */
export function readWhole(text: string): number {
  const compact = text.trim();
  return /^\d{1,9}$/.test(compact) ? Number(compact) : Number.NaN;
}

/** A code field: '' is no code (null on the wire). */
function codeOrNull(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

/** The product's fields as the create and the edit take them (the edit adds its `version`). */
export function productFields(values: ProductFormValues): AdminProductFields {
  return {
    name: values.name,
    reference: values.reference,
    national_code: codeOrNull(values.nationalCode),
    ean: codeOrNull(values.ean),
    format: values.format,
    description: values.description,
    price: values.price.trim(),
    vat_rate: Number(values.vatRate) as 4 | 10 | 21,
    category_ids: values.categoryIds,
    tag_ids: values.tagIds,
    tiers: values.tiers.map((tier) => ({
      min_quantity: readWhole(tier.minQuantity),
      discount_percent: readDecimal(tier.discountPercent),
    })),
    special_prices: values.specialPrices.map((special) => ({
      discount_group_id: Number(special.discountGroupId),
      price: special.price.trim(),
    })),
    is_active: values.isActive,
    stock_expected_on: values.expectedDate.trim() === '' ? null : values.expectedDate.trim(),
    // Units the admin did not touch stay as the ERP last sent them, even if it sent others meanwhile.
    ...(values.stockUnits.trim() === values.stockUnitsRead
      ? {}
      : { stock_units: readWhole(values.stockUnits) }),
  };
}

function note(problems: FormProblems, path: string, message: string | null | undefined): void {
  if (message && problems[path] === undefined) problems[path] = message;
}

/**
 * Every problem of the form as the server would find it, under the wire's field paths: the codes'
 * check digits, the price as typed, the tiers' and special prices' rules (a tier that does not lower
 * the price, quantities that do not increase), and the request's lengths. Empty when it may be sent.
 */
export function formProblems(values: ProductFormValues): FormProblems {
  const problems: FormProblems = {};
  const national = codeOrNull(values.nationalCode);
  const ean = codeOrNull(values.ean);
  const nationalProblem = national === null ? null : nationalCodeProblem(national);
  const eanProblem = ean === null ? null : ean13Problem(ean);
  note(problems, 'national_code', nationalProblem);
  note(problems, 'ean', eanProblem);
  if (national !== null && ean !== null && nationalProblem === null && eanProblem === null) {
    const isMedicine = ean.startsWith(NATIONAL_CODE_EAN_PREFIX);
    note(
      problems,
      'ean',
      isMedicine && ean !== eanFromNationalCode(national)
        ? ADMIN_PRODUCT_MESSAGES.eanNotOfNationalCode
        : null,
    );
  }
  note(problems, 'price', priceProblem(values.price));

  const request = productFields(values);
  const specialPrices = request.special_prices.map((special, index) => {
    const cents = parseEuros(special.price);
    if (cents === null) note(problems, `special_prices.${String(index)}.price`, priceProblem(special.price));
    if (!Number.isSafeInteger(special.discount_group_id) || special.discount_group_id <= 0) {
      note(problems, `special_prices.${String(index)}.discount_group_id`, 'Elige un grupo de descuento.');
    }
    return { discountGroupId: special.discount_group_id, priceCents: cents ?? Number.NaN };
  });
  const rules = productPriceProblems({
    priceCents: parsePrice(values.price),
    tiers: request.tiers.map((tier) => ({
      minQuantity: tier.min_quantity,
      discountPercent: tier.discount_percent,
    })),
    specialPrices,
  });
  for (const [path, messages] of Object.entries(rules)) {
    if (path !== 'price') note(problems, path, messages[0]);
  }
  if (values.tiers.length > MAX_PRODUCT_TIERS) note(problems, 'tiers', ADMIN_PRODUCT_MESSAGES.tooManyTiers);

  // The lengths and the required texts: the request's own schema (its refinement repeats the above).
  const parsed = AdminProductCreateRequestSchema.safeParse({
    ...request,
    tiers: request.tiers.map((tier) => ({
      min_quantity: Number.isNaN(tier.min_quantity) ? 0 : tier.min_quantity,
      discount_percent: Number.isNaN(tier.discount_percent) ? 0 : tier.discount_percent,
    })),
    special_prices: request.special_prices.map((special) => ({
      ...special,
      discount_group_id: special.discount_group_id > 0 ? special.discount_group_id : 1,
    })),
  });
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    // A tier's or group's stand-in above is no value of the admin's: its own message stands.
    if (path.startsWith('tiers.') || path.startsWith('special_prices.')) continue;
    note(problems, path, issue.message);
  }
  return problems;
}

/** Whether two forms hold the same values (the rows' keys aside). */
export function sameValues(a: ProductFormValues, b: ProductFormValues): boolean {
  const plain = (values: ProductFormValues) =>
    JSON.stringify({
      ...values,
      tiers: values.tiers.map(({ minQuantity, discountPercent }) => [minQuantity, discountPercent]),
      specialPrices: values.specialPrices.map(({ discountGroupId, price }) => [discountGroupId, price]),
    });
  return plain(a) === plain(b);
}
