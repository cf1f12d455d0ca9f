/**
 * `GET /api/v1/cms/posts` and `/cms/posts/{id}`: the laboratory's news (Noticias). A post's body is
 * structured content, never HTML: a short list of blocks (paragraphs,
 * subheadings, lists, quotes) of inline runs (plain, bold, italic, links), which the portal renders
 * as React elements. No markup from the database ever reaches a page, so there is nothing to
 * sanitise; the only free-form value, a link's address, is limited to https, mailto and the portal's
 * own paths.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, dataOf, IdSchema, paginated } from './common.ts';

/** The longest text of one inline run, and the most blocks, runs and list items a body may have. */
export const RICH_TEXT_LIMITS = {
  text: 5_000,
  blocks: 200,
  runs: 100,
  items: 50,
} as const;

/**
 * Whether a link's address is one a post may carry: `https://…`, `mailto:…` or a path of the portal
 * (`/catalog`, never `//other.site`). Anything else (`javascript:`, `data:`, plain `http:`) is refused.
 * @example isSafeHref('https://www.aemps.gob.es') // true
 * @example isSafeHref('javascript:alert(1)') // false
 */
export function isSafeHref(href: string): boolean {
  if (/^\/(?![/\\])/.test(href)) return !/[\s\\]/.test(href);
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A run of text with its marks; `href` makes it a link. */
export const InlineSchema = z.object({
  text: z.string().check(z.minLength(1), z.maxLength(RICH_TEXT_LIMITS.text)),
  bold: z.optional(z.boolean()),
  italic: z.optional(z.boolean()),
  href: z.optional(
    z.string().check(z.maxLength(2_000), z.refine(isSafeHref, 'La dirección del enlace no está permitida.')),
  ),
});
export type Inline = z.infer<typeof InlineSchema>;

const RunsSchema = z.array(InlineSchema).check(z.minLength(1), z.maxLength(RICH_TEXT_LIMITS.runs));

/** One block of a post's body. */
export const BlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), children: RunsSchema }),
  z.object({
    type: z.literal('heading'),
    level: z.union([z.literal(2), z.literal(3)]),
    children: RunsSchema,
  }),
  z.object({
    type: z.literal('list'),
    style: z.enum(['bullet', 'number']),
    items: z.array(RunsSchema).check(z.minLength(1), z.maxLength(RICH_TEXT_LIMITS.items)),
  }),
  z.object({ type: z.literal('quote'), children: RunsSchema }),
]);
export type Block = z.infer<typeof BlockSchema>;

/** A post's body: blocks in reading order. */
export const RichTextSchema = z.array(BlockSchema).check(z.maxLength(RICH_TEXT_LIMITS.blocks));
export type RichText = z.infer<typeof RichTextSchema>;

/** A post's picture, served by the API (public: an `<img>` may live on another origin). */
export const PostImageSchema = z.object({ url: z.string(), alt: z.string() });
export type PostImage = z.infer<typeof PostImageSchema>;

/** A post as the news list shows it. */
export const PostSummarySchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** One or two sentences for the list. */
  excerpt: z.string(),
  /** E.g. 'Investigación', 'Laboratorio', 'Formación'. */
  category: z.string(),
  published_at: DateTimeSchema,
  image: PostImageSchema,
});
export type PostSummary = z.infer<typeof PostSummarySchema>;

/** The article page. */
export const PostSchema = z.extend(PostSummarySchema, {
  author: z.string(),
  body: RichTextSchema,
});
export type Post = z.infer<typeof PostSchema>;

/** The most posts one page may hold. */
export const MAX_POSTS_PER_PAGE = 50;

const wholeNumber = (max: number) =>
  z.optional(
    z.coerce.number().check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(max)),
  );

/** The query of `GET /api/v1/cms/posts`: newest first, 1-based pages (9 posts by default). */
export const PostsQuerySchema = z.object({
  page: wholeNumber(100_000),
  per_page: wholeNumber(MAX_POSTS_PER_PAGE),
});
export type PostsQuery = z.infer<typeof PostsQuerySchema>;

export const PostsResponseSchema = paginated(PostSummarySchema);
export type PostsResponse = z.infer<typeof PostsResponseSchema>;
export const PostResponseSchema = dataOf(PostSchema);
