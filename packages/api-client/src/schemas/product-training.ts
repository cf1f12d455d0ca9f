/**
 * `GET /api/v1/products/{id}/training`: the training a product's page lists. The webinars and the
 * scientific materials the laboratory linked to the product; for a kind it linked none of, those
 * sharing a tag with the product (the catalogue's tags against the materials' tags and a webinar's
 * topic, by normalised name).
 */
import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common.ts';
import { MaterialTagSchema, TrainingFileSchema, WebinarPhaseSchema } from './training.ts';

/** Where a list came from: the laboratory's links, or the tags the product shares. */
export const TrainingSourceSchema = z.enum(['linked', 'tags']);
export type TrainingSource = z.infer<typeof TrainingSourceSchema>;

/** A webinar on a product's page. */
export const ProductTrainingWebinarSchema = z.object({
  id: IdSchema,
  title: z.string(),
  topic: z.string(),
  starts_at: DateTimeSchema,
  ends_at: DateTimeSchema,
  duration_minutes: z.int().check(z.gte(1)),
  /** At the moment of the answer (the server's clock). */
  phase: WebinarPhaseSchema,
  /** Whether an ended webinar has a recording to watch. */
  has_recording: z.boolean(),
});
export type ProductTrainingWebinar = z.infer<typeof ProductTrainingWebinarSchema>;

/** A scientific material on a product's page (only those with their PDF). */
export const ProductTrainingMaterialSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  published_at: DateTimeSchema,
  tags: z.array(MaterialTagSchema),
  file: TrainingFileSchema,
});
export type ProductTrainingMaterial = z.infer<typeof ProductTrainingMaterialSchema>;

/**
 * A product's training: the upcoming webinars (soonest first), then the ended ones with a recording
 * (latest first), and the materials (newest first); each list says where it came from.
 */
export const ProductTrainingSchema = z.object({
  webinars: z.array(ProductTrainingWebinarSchema),
  webinars_source: TrainingSourceSchema,
  materials: z.array(ProductTrainingMaterialSchema),
  materials_source: TrainingSourceSchema,
});
export type ProductTraining = z.infer<typeof ProductTrainingSchema>;

export const ProductTrainingResponseSchema = z.object({ data: ProductTrainingSchema });
export type ProductTrainingResponse = z.infer<typeof ProductTrainingResponseSchema>;
