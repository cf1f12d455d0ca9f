/**
 * Matching products by text (ARCHITECTURE.md §2), shared by the search box and the catalogue filter:
 * reference prefixes, Spanish words regardless of accents and case (`botica_normalise`, indexed with
 * trigrams), and one typo through trigram word similarity. Ranking: the exact reference first, then
 * reference prefixes, then names that start with the text, then names with a word that starts with it,
 * then names that contain it, then the fuzzy matches by similarity.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * Trigram word similarity a fuzzy match needs. 0.45 lets one typo through in a word of five letters
 * or more ('equinasea' → 'Equinácea', 'valeriena' → 'Valeriana') without matching unrelated words.
 * Set on every database connection (db/database.ts), where the `<%` operator and its index read it.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/** Shortest normalised text that is also matched fuzzily (trigrams of shorter words say little). */
const FUZZY_MIN_LENGTH = 4;

/** Escapes LIKE's wildcards so the user's text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Collapses whitespace; the text as the matching reads it. */
export function cleanQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The SQL that matches and ranks products `p` by a (non-empty, cleaned) text. */
export interface TextMatch {
  /** True when the product matches. */
  where: SQL;
  /** 0 (exact reference) … 5 (fuzzy only): lower is better. */
  tier: SQL;
  /** Word similarity of the text to the name, 0–1, to order within a tier. */
  score: SQL;
}

export function textMatch(text: string): TextMatch {
  const lowered = text.toLowerCase();
  const pattern = escapeLike(text);
  const name = sql`botica_normalise(p.name)`;
  const reference = sql`lower(p.reference)`;
  const normalised = sql`botica_normalise(${text})`;
  const prefix = sql`botica_normalise(${pattern}) || '%'`;
  const contains = sql`'%' || botica_normalise(${pattern}) || '%'`;
  const fuzzy = text.length >= FUZZY_MIN_LENGTH ? sql` or ${normalised} <% ${name}` : sql``;
  return {
    where: sql`(${reference} like ${`${escapeLike(lowered)}%`} or ${name} like ${contains}${fuzzy})`,
    tier: sql`case
      when ${reference} = ${lowered} then 0
      when ${reference} like ${`${escapeLike(lowered)}%`} then 1
      when ${name} like ${prefix} then 2
      when ${name} like '% ' || ${prefix} then 3
      when ${name} like ${contains} then 4
      else 5 end`,
    score: sql`word_similarity(${normalised}, ${name})`,
  };
}
