/**
 * The integration area's pharmacies and prices, as the laboratory's ERP pushes them in batches (scope
 * `pharmacies` for the sales reps and pharmacies, `catalogue` for the discount groups and special
 * prices). Each item is upserted by its natural key; the shapes here are only the JSON types: what the
 * values mean (a CIF/NIF's check character, a postal code, a price below the list price) is checked
 * per item, so one wrong item is answered as an error beside the others applied.
 */
import * as z from 'zod/mini';
import { batchAnswerSchema, batchRequestSchema } from './integration-batch.ts';

/** The Spanish messages of the pharmacies' and prices' batches, as the server sends them. */
export const INTEGRATION_PHARMACY_MESSAGES = {
  duplicateKey: 'Este elemento está repetido en el lote: envíalo una sola vez.',
  textRequired: 'No puede estar vacío.',
  salesRepInactive: 'El comercial está dado de baja.',
  erpCodeTaken: 'Este código ya es de otro cliente.',
  emailTaken: 'Hay varios comerciales con este correo: no se sabe cuál es.',
  groupNameTaken: 'Ya hay otro grupo de descuento con este nombre.',
  shopCodeRepeated: 'Este código de tienda está repetido en la farmacia.',
  mainShopRepeated: 'Solo una tienda puede ser la principal.',
  productUnknown: 'No existe ningún producto con esta referencia.',
  replaceUnknownGroup: (code: string) => `No existe el grupo de descuento «${code}».`,
} as const;

/** A sales rep of the laboratory, by the ERP's code. */
export const IntegrationSalesRepSchema = z.object({
  /** The ERP's code of the rep: how the batches name him (`sales_rep_code` of a pharmacy). */
  code: z.string(),
  name: z.string(),
  /** His e-mail; a rep created without one has none until a batch gives it. */
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  /** `false`: his back-office users are deactivated (their sessions end); `true` again reactivates them. */
  active: z.optional(z.boolean()),
});
export type IntegrationSalesRep = z.infer<typeof IntegrationSalesRepSchema>;

/** `PUT /api/v1/integration/sales-reps`. */
export const IntegrationSalesRepsRequestSchema = batchRequestSchema(IntegrationSalesRepSchema);
export type IntegrationSalesRepsRequest = z.infer<typeof IntegrationSalesRepsRequestSchema>;
export const IntegrationSalesRepsResponseSchema = batchAnswerSchema({ code: z.string() });
export type IntegrationSalesRepsResponse = z.infer<typeof IntegrationSalesRepsResponseSchema>;

/** One of a pharmacy's shops (premises), by its code within the pharmacy. */
export const IntegrationShopSchema = z.object({
  code: z.string(),
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  province: z.string(),
  /** Absent: the pharmacy's phone. */
  phone: z.optional(z.string()),
  /** The pharmacy's main premises; at most one (none marked: the first of the list). */
  main: z.optional(z.boolean()),
});
export type IntegrationShop = z.infer<typeof IntegrationShopSchema>;

/** A pharmacy, by its tax id (CIF, or NIF/NIE of its owner). */
export const IntegrationPharmacySchema = z.object({
  tax_id: z.string(),
  name: z.string(),
  /** The ERP's client code; absent on a new pharmacy: its tax id. */
  erp_code: z.optional(z.string()),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  province: z.string(),
  recargo_equivalencia: z.boolean(),
  /** The code of its discount group; null: none; absent: left as it is. */
  discount_group: z.optional(z.nullable(z.string())),
  /** The code of its sales rep; null: none; absent: left as it is. */
  sales_rep_code: z.optional(z.nullable(z.string())),
  /** `false`: its users are deactivated (their sessions end); `true` again reactivates them. */
  active: z.optional(z.boolean()),
  /** Its whole list of shops, replacing the stored one by code; absent: left as they are. */
  shops: z.optional(z.array(IntegrationShopSchema)),
});
export type IntegrationPharmacy = z.infer<typeof IntegrationPharmacySchema>;

/** `PUT /api/v1/integration/pharmacies`. */
export const IntegrationPharmaciesRequestSchema = batchRequestSchema(IntegrationPharmacySchema);
export type IntegrationPharmaciesRequest = z.infer<typeof IntegrationPharmaciesRequestSchema>;
export const IntegrationPharmaciesResponseSchema = batchAnswerSchema({ tax_id: z.string() });
export type IntegrationPharmaciesResponse = z.infer<typeof IntegrationPharmaciesResponseSchema>;

/** A discount group, by the ERP's code. */
export const IntegrationDiscountGroupSchema = z.object({
  code: z.string(),
  /** Unique among the groups; what the pharmacist reads beside his cart's discount. */
  name: z.string(),
  description: z.optional(z.string()),
  /** The group's discount on the whole cart, in percent (0–100, two decimals); absent: 0 on a new group. */
  discount_percent: z.optional(z.number()),
});
export type IntegrationDiscountGroup = z.infer<typeof IntegrationDiscountGroupSchema>;

/** `PUT /api/v1/integration/discount-groups`. */
export const IntegrationDiscountGroupsRequestSchema = batchRequestSchema(IntegrationDiscountGroupSchema);
export type IntegrationDiscountGroupsRequest = z.infer<typeof IntegrationDiscountGroupsRequestSchema>;
export const IntegrationDiscountGroupsResponseSchema = batchAnswerSchema({ code: z.string() });
export type IntegrationDiscountGroupsResponse = z.infer<typeof IntegrationDiscountGroupsResponseSchema>;

/** A discount group's special unit price of a product, in euros (VAT excluded), below its list price. */
export const IntegrationSpecialPriceSchema = z.object({
  discount_group: z.string(),
  reference: z.string(),
  price: z.number(),
});
export type IntegrationSpecialPrice = z.infer<typeof IntegrationSpecialPriceSchema>;

/**
 * `PUT /api/v1/integration/special-prices`: the prices by (group, product reference); for each group
 * named in `replace`, its prices of products not in `items` are removed (`{items: [], replace:
 * ['ORO']}` empties the group).
 */
export const IntegrationSpecialPricesRequestSchema = z.object({
  ...batchRequestSchema(IntegrationSpecialPriceSchema).shape,
  replace: z.optional(z.array(z.string()).check(z.maxLength(1_000))),
});
export type IntegrationSpecialPricesRequest = z.infer<typeof IntegrationSpecialPricesRequestSchema>;
export const IntegrationSpecialPricesResponseSchema = batchAnswerSchema(
  { discount_group: z.string(), reference: z.string() },
  { /** Prices removed by `replace`. */ removed: z.int().check(z.gte(0)) },
);
export type IntegrationSpecialPricesResponse = z.infer<typeof IntegrationSpecialPricesResponseSchema>;
