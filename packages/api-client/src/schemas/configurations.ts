/** `GET /api/v1/configurations?per_page=500`: the laboratory's key/value settings. */
import * as z from 'zod/mini';

export const ConfigurationSchema = z.object({ key: z.string(), value: z.string() });
export type Configuration = z.infer<typeof ConfigurationSchema>;

export const ConfigurationsResponseSchema = z.object({ data: z.array(ConfigurationSchema) });
export type ConfigurationsResponse = z.infer<typeof ConfigurationsResponseSchema>;
