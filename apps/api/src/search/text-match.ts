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

/**
 * Only words are matched fuzzily: a text with digits is a reference or a dose, matched exactly (the
 * trigrams of digits are in thousands of names — '1000 mg' — and would make it slow and noisy).
 */
const WORDS_ONLY = /^[\p{L}\s'-]+$/u;

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
  /** Reference prefixes and names that contain the text (accents and case aside). */
  exact: SQL;
  /** Names with a word within one typo of the text (trigram word similarity); null for short texts and texts with digits. */
  fuzzy: SQL | null;
  /** 0 (exact reference) … 5 (fuzzy only): lower is better. */
  tier: SQL;
  /** Word similarity of the text to the name, 0–1, to order the fuzzy tier. */
  score: SQL;
}

/**
 * The matching of a text. `p.search_name` is the stored `botica_normalise(name)` (migration 0002),
 * trigram-indexed, so neither the index recheck nor the ranking recomputes `unaccent` per row.
 */
export function textMatch(text: string): TextMatch {
  const lowered = text.toLowerCase();
  const pattern = escapeLike(text);
  const referencePrefix = `${escapeLike(lowered)}%`;
  const name = sql`p.search_name`;
  const reference = sql`lower(p.reference)`;
  const normalised = sql`botica_normalise(${text})`;
  const prefix = sql`botica_normalise(${pattern}) || '%'`;
  const contains = sql`'%' || botica_normalise(${pattern}) || '%'`;
  return {
    exact: sql`(${reference} like ${referencePrefix} or ${name} like ${contains})`,
    fuzzy:
      text.length >= FUZZY_MIN_LENGTH && WORDS_ONLY.test(text) ? fuzzyMatch(text, normalised, name) : null,
    tier: sql`case
      when ${reference} = ${lowered} then 0
      when ${reference} like ${referencePrefix} then 1
      when ${name} like ${prefix} then 2
      when ${name} like '% ' || ${prefix} then 3
      when ${name} like ${contains} then 4
      else 5 end`,
    score: sql`word_similarity(${normalised}, ${name})`,
  };
}

/**
 * Names within one typo of the text. One word is compared with the vocabulary of the names
 * (`search_words`, a few hundred words) and the names holding the words found are read through the
 * trigram index with one regular expression: a few milliseconds, where comparing it with every name
 * took a hundred. Several words are compared with the names themselves.
 */
function fuzzyMatch(text: string, normalised: SQL, name: SQL): SQL {
  if (text.includes(' ')) return sql`${normalised} <% ${name}`;
  // Vocabulary words are letters and digits only, so they need no escaping in the expression; no
  // similar word gives null, which matches no name.
  return sql`${name} ~ (select string_agg(w.word, '|') from search_words w where ${normalised} <% w.word)`;
}

/** Exact or fuzzy: what the catalogue's text filter matches. */
export function anyMatch(match: TextMatch): SQL {
  return match.fuzzy ? sql`(${match.exact} or ${match.fuzzy})` : match.exact;
}
