/**
 * `GET /api/v1/admin/catalogue/products/{id}/training`: the webinars and the scientific materials the
 * laboratory linked to a product, as its editor in the back office lists them.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common.ts';
import { WebinarPhaseSchema } from './training.ts';

/** A product's linked training, newest first in each list. */
export const AdminProductTrainingSchema = z.object({
  webinars: z.array(
    z.object({ id: IdSchema, title: z.string(), starts_at: DateTimeSchema, phase: WebinarPhaseSchema }),
  ),
  materials: z.array(
    z.object({
      id: IdSchema,
      title: z.string(),
      published_at: DateTimeSchema,
      /** Whether its PDF is uploaded (the portal lists only those). */
      has_file: z.boolean(),
    }),
  ),
});
export type AdminProductTraining = z.infer<typeof AdminProductTrainingSchema>;

export const AdminProductTrainingResponseSchema = z.object({ data: AdminProductTrainingSchema });
export type AdminProductTrainingResponse = z.infer<typeof AdminProductTrainingResponseSchema>;
