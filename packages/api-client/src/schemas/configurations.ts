/** `GET /api/v1/configurations?per_page=500`: the laboratory's key/value settings. */
import * as z from 'zod/mini';

/** The query of `GET /api/v1/configurations`: the portal asks for `per_page=500` (one page holds them all). */
export const ConfigurationsQuerySchema = z.object({
  per_page: z.optional(
    z.coerce.number().check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(500)),
  ),
  page: z.optional(
    z.coerce.number().check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(1000)),
  ),
});
export type ConfigurationsQuery = z.infer<typeof ConfigurationsQuerySchema>;

export const ConfigurationSchema = z.object({ key: z.string(), value: z.string() });
export type Configuration = z.infer<typeof ConfigurationSchema>;

export const ConfigurationsResponseSchema = z.object({ data: z.array(ConfigurationSchema) });
export type ConfigurationsResponse = z.infer<typeof ConfigurationsResponseSchema>;

const AddressSchema = z.object({
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  province: z.string(),
});

/**
 * `GET /api/v1/laboratory` (public): the laboratory that runs this installation, as its settings
 * (`LAB_*`) say, for the portal's footer and legal pages. @botica/domain's `Laboratory`.
 */
export const LaboratorySchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  taxId: z.string(),
  address: AddressSchema,
  registry: z.string(),
  phone: z.string(),
  email: z.string(),
  salesEmail: z.string(),
  privacyEmail: z.string(),
  dpoEmail: z.string(),
  authorisation: z.object({ authority: z.string(), number: z.string() }),
  foodRegistry: z.nullable(z.string()),
  portalUrl: z.string(),
  isDemo: z.boolean(),
});
export type LaboratoryIdentity = z.infer<typeof LaboratorySchema>;
