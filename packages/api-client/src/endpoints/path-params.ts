/**
 * Path parameters as the API reads them: an id is a positive PostgreSQL `integer` written in digits;
 * anything else names nothing (404, not 422).
 */
import * as z from 'zod/mini';
import { MAX_ID } from '../schemas/common.ts';

/** A path id: digits without a leading zero, at most `MAX_ID`, read as a number. */
export const PathIdSchema = z
  .pipe(
    z.string().check(z.regex(/^[1-9]\d{0,9}$/)),
    z.transform((text: string) => Number(text)),
  )
  .check(z.refine((id) => id <= MAX_ID));

/** The path parameters of an endpoint whose parameters are all ids. */
export function idParams<const Names extends readonly string[]>(...names: Names) {
  return z.object(
    Object.fromEntries(names.map((name) => [name, PathIdSchema])) as {
      [N in Names[number]]: typeof PathIdSchema;
    },
  );
}

/** The sizes a product image is served in (spec: thumbnail, miniproduct, full). */
export const ImageSizeSchema = z.enum(['thumbnail', 'miniproduct', 'full']);
