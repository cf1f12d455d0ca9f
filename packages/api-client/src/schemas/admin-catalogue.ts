/**
 * The back office's product edit: the fields the laboratory's staff change, the volume tiers and the
 * discount groups' special prices, and the `version` the edit was made on. The rules are
 * `@botica/domain`'s (`nationalCodeProblem`, `ean13Problem`, `priceProblem`, `productPriceProblems`),
 * run by these schemas' refinements, so the form and the server refuse alike: a 422 whose `errors`
 * carry the domain's Spanish messages under the field paths (`tiers.2.min_quantity`).
 */
import {
  ean13Problem,
  eanFromNationalCode,
  NATIONAL_CODE_EAN_PREFIX,
  nationalCodeProblem,
  PRICE_RULE_MESSAGES,
  PRODUCT_CODE_MESSAGES,
  parseEuros,
  parsePrice,
  priceProblem,
  productPriceProblems,
} from '@botica/domain';
import * as z from 'zod/mini';
import { VatRateSchema } from './catalogue.ts';
import { IdSchema } from './common.ts';

/** The Spanish messages of the product edit's own refusals (the rules' are the domain's). */
export const ADMIN_PRODUCT_MESSAGES = {
  nameRequired: 'El nombre es obligatorio.',
  nameTooLong: 'El nombre puede tener como máximo 200 caracteres.',
  referenceRequired: 'La referencia es obligatoria.',
  referenceTooLong: 'La referencia puede tener como máximo 50 caracteres.',
  formatTooLong: 'El formato puede tener como máximo 100 caracteres.',
  descriptionTooLong: 'La descripción puede tener como máximo 20.000 caracteres.',
  vatRateInvalid: 'El IVA debe ser 4, 10 o 21.',
  eanNotOfNationalCode: 'El EAN no corresponde al código nacional.',
  tooManyTiers: 'Un producto puede tener como máximo 10 tramos.',
  tooManySpecialPrices: 'Un producto puede tener como máximo 200 precios especiales.',
  numberRequired: 'Debe ser un número.',
  textRequired: 'Debe ser un texto.',
  versionRequired: 'Falta la versión del producto.',
} as const;

/** The most volume tiers of one product. */
export const MAX_PRODUCT_TIERS = 10;
/** The most special prices of one product (one per discount group). */
export const MAX_PRODUCT_SPECIAL_PRICES = 200;

const M = ADMIN_PRODUCT_MESSAGES;

/** A volume tier as the form sends it; its rules are checked with the product's other prices. */
export const EditedTierSchema = z.object({
  /** The first quantity of the tier (2 or more, above the previous tier's). */
  min_quantity: z.number(M.numberRequired),
  /** The discount on the list price, in percent (over 0, under 100, two decimals at most). */
  discount_percent: z.number(M.numberRequired),
});
export type EditedTier = z.infer<typeof EditedTierSchema>;

/** A discount group's special price as typed (`'9,50'`): over 0 and below the list price. */
export const EditedSpecialPriceSchema = z.object({
  discount_group_id: IdSchema,
  price: z.string(M.textRequired).check(z.maxLength(40, PRICE_RULE_MESSAGES.priceInvalid)),
});
export type EditedSpecialPrice = z.infer<typeof EditedSpecialPriceSchema>;

const trimmed = (max: number, required: string | null, tooLong: string) =>
  z
    .string(M.textRequired)
    .check(z.trim(), ...(required === null ? [] : [z.minLength(1, required)]), z.maxLength(max, tooLong));

/**
 * `PUT /api/v1/admin/products/{id}` (not served yet): the product as the staff leave it. Amounts
 * are as typed (`'12,50'`, `'1.234,50'`); the national code in any of its written forms
 * (`'123456.8'`, the server stores its seven digits) or null, as the EAN. `version` is the product's
 * as the form read it: an edit on an older one is a conflict.
 */
export const AdminProductEditRequestSchema = z
  .object({
    name: trimmed(200, M.nameRequired, M.nameTooLong),
    reference: trimmed(50, M.referenceRequired, M.referenceTooLong),
    national_code: z.nullable(
      z.string(M.textRequired).check(z.maxLength(20, PRODUCT_CODE_MESSAGES.nationalCodeFormat)),
    ),
    ean: z.nullable(z.string(M.textRequired).check(z.maxLength(20, PRODUCT_CODE_MESSAGES.eanFormat))),
    format: trimmed(100, null, M.formatTooLong),
    description: z.string(M.textRequired).check(z.maxLength(20_000, M.descriptionTooLong)),
    price: z.string(M.textRequired).check(z.maxLength(40, PRICE_RULE_MESSAGES.priceInvalid)),
    vat_rate: z.union([VatRateSchema], M.vatRateInvalid),
    category_ids: z.array(IdSchema).check(z.maxLength(50)),
    tag_ids: z.array(IdSchema).check(z.maxLength(20)),
    tiers: z.array(EditedTierSchema).check(z.maxLength(MAX_PRODUCT_TIERS, M.tooManyTiers)),
    special_prices: z
      .array(EditedSpecialPriceSchema)
      .check(z.maxLength(MAX_PRODUCT_SPECIAL_PRICES, M.tooManySpecialPrices)),
    version: z.int(M.versionRequired).check(z.gte(0, M.versionRequired)),
  })
  .check(
    z.superRefine((product, context) => {
      const problem = (path: (string | number)[], message: string | null) => {
        if (message !== null) context.issues.push({ code: 'custom', message, input: product, path });
      };
      const national = product.national_code;
      const ean = product.ean;
      const nationalProblem = national === null ? null : nationalCodeProblem(national);
      problem(['national_code'], nationalProblem);
      const eanProblem = ean === null ? null : ean13Problem(ean);
      problem(['ean'], eanProblem);
      // A medicine's EAN carries its CN: the two must name the same box.
      if (national !== null && ean !== null && nationalProblem === null && eanProblem === null) {
        const mismatch =
          ean.trim().startsWith(NATIONAL_CODE_EAN_PREFIX) && ean.trim() !== eanFromNationalCode(national);
        problem(['ean'], mismatch ? M.eanNotOfNationalCode : null);
      }

      problem(['price'], priceProblem(product.price));
      // A special price that does not read gets the typed price's message ('-5': negative); the
      // rules judge those that read.
      const unread = new Set<string>();
      const specialPrices = product.special_prices.map((special, index) => {
        const cents = parseEuros(special.price);
        if (cents === null) {
          unread.add(`special_prices.${String(index)}.price`);
          problem(['special_prices', index, 'price'], priceProblem(special.price));
        }
        return { discountGroupId: special.discount_group_id, priceCents: cents ?? Number.NaN };
      });
      const rules = productPriceProblems({
        priceCents: parsePrice(product.price),
        tiers: product.tiers.map((tier) => ({
          minQuantity: tier.min_quantity,
          discountPercent: tier.discount_percent,
        })),
        specialPrices,
      });
      for (const [path, messages] of Object.entries(rules)) {
        // The list price's own message is given above, as an unread special price's.
        if (path === 'price' || unread.has(path)) continue;
        const segments = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        for (const message of messages) problem(segments, message);
      }
    }),
  );
export type AdminProductEditRequest = z.infer<typeof AdminProductEditRequestSchema>;
