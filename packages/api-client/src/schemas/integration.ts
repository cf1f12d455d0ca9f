/**
 * The integration area's common shapes (`/api/v1/integration/…`, the laboratory's ERP and other
 * machine clients): who the API key is. Each area of the integration (catalogue, stock, pharmacies,
 * orders, documents) has its own schemas beside this file.
 */
import * as z from 'zod/mini';
import { INTEGRATION_SCOPES } from '../endpoint.ts';

/** One scope of an API key: what it may reach. */
export const IntegrationScopeSchema = z.enum(INTEGRATION_SCOPES);

/** `GET /api/v1/integration/me`: the key that called, so a new connection can check itself. */
export const IntegrationMeResponseSchema = z.object({
  data: z.object({
    key: z.object({
      id: z.number(),
      name: z.string(),
      /** The key's first characters (`bk_3f9a…`), how the back office names it; never the secret. */
      prefix: z.string(),
      scopes: z.array(IntegrationScopeSchema),
      /** Calls allowed per minute; past it, 429 with `Retry-After`. */
      rate_per_minute: z.number(),
    }),
    /** The server's clock (ISO 8601, UTC), to compare with the ERP's. */
    server_time: z.string(),
  }),
});
export type IntegrationMeResponse = z.infer<typeof IntegrationMeResponseSchema>;
