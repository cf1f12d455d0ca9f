/** `GET /api/v1/driver/showcase`: the laboratory's showcase on the home page. */
import * as z from 'zod/mini';
import { ProductSummarySchema } from './catalogue.ts';
import { IdSchema } from './common.ts';

export const BannerSchema = z.object({
  id: IdSchema,
  title: z.string(),
  text: z.string(),
  /** Where the banner leads: a path of the portal (e.g. a filtered catalogue). */
  href: z.string(),
  /** Accent hue of the banner's artwork, 0–359. */
  hue: z.int().check(z.gte(0), z.lte(359)),
});
export type Banner = z.infer<typeof BannerSchema>;

export const ShowcaseSchema = z.object({
  banners: z.array(BannerSchema),
  /** Featured products, with the logged-in client's prices. */
  featured: z.array(ProductSummarySchema),
});
export type Showcase = z.infer<typeof ShowcaseSchema>;

export const ShowcaseResponseSchema = z.object({ data: ShowcaseSchema });
