/**
 * Matching products by text (README.md "Search: matching rules"), shared by the
 * search box and the catalogue filter: references as pharmacists type them, Spanish words regardless
 * of accents and case (`botica_normalise`, indexed with trigrams), and typos. Ranking: the exact
 * reference first, then reference prefixes, then names that start with the text, then names with a
 * word that starts with it, then names that contain it, then the matches with typos by similarity.
 */
import { type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE's wildcards so the user's text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Collapses whitespace; the text as the matching reads it. */
export function cleanQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Lower case without accents ('Equinácea' → 'equinacea'), as `botica_normalise` does in the database. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A reference as the database compares it (`products.search_reference`): letters and digits only,
 * lower case, so 'BT-10399', 'bt10399' and 'bt 10399' are all 'bt10399'.
 */
export function normaliseReference(text: string): string {
  return plain(text).replace(/[^a-z0-9]+/g, '');
}

/** The words of a text: lower case, accents aside, split at anything but letters and digits. */
export function queryWords(text: string): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Shortest words that may have one typo, and two. */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

/**
 * How many typos a word of the query may have, as Meilisearch counts them: none below five letters
 * (a short word with a typo is another word), one from five, two from nine. Words with digits or
 * letters outside a–z are references and doses, matched as typed.
 */
export function typoBudget(word: string): 0 | 1 | 2 {
  if (!/^[a-z]+$/.test(word)) return 0;
  if (word.length >= TWO_TYPOS_MIN_LENGTH) return 2;
  return word.length >= ONE_TYPO_MIN_LENGTH ? 1 : 0;
}

/** The SQL that matches and ranks products `p` by a (non-empty, cleaned) text. */
export interface TextMatch {
  /** Reference prefixes and names that contain the text (accents and case aside). */
  exact: SQL;
  /** Names with every word of the text, each within its typos; null when no word may have a typo. */
  fuzzy: SQL | null;
  /** 0 (exact reference) … 5 (with typos only): lower is better. */
  tier: SQL;
  /** Word similarity of the text to the name, 0–1, to order the matches with typos. */
  score: SQL;
}

/**
 * The matching of a text. `p.search_name` is the stored `botica_normalise(name)` (migration 0002),
 * trigram-indexed; `p.search_reference` and `p.reference_digits` are the stored normalised reference
 * and its digits (migration 0008), prefix-indexed.
 */
export function textMatch(text: string): TextMatch {
  const pattern = escapeLike(text);
  const name = sql`p.search_name`;
  const prefix = sql`botica_normalise(${pattern}) || '%'`;
  const contains = sql`'%' || botica_normalise(${pattern}) || '%'`;
  const reference = referenceMatch(normaliseReference(text));
  const words = queryWords(text);
  return {
    exact: sql`(${reference.prefix} or ${name} like ${contains})`,
    fuzzy: words.some((word) => typoBudget(word) > 0)
      ? sql.join(
          words.map((word) => wordMatch(word, name)),
          sql` and `,
        )
      : null,
    tier: sql`case
      when ${reference.exact} then 0
      when ${reference.prefix} then 1
      when ${name} like ${prefix} then 2
      when ${name} like '% ' || ${prefix} then 3
      when ${name} like ${contains} then 4
      else 5 end`,
    score: sql`word_similarity(botica_normalise(${text}), ${name})`,
  };
}

/**
 * The reference conditions of a normalised text: equal to, or a prefix of, the normalised reference;
 * digits alone ('10399') also compare with the reference's digits. An empty text matches none.
 */
function referenceMatch(reference: string): { exact: SQL; prefix: SQL } {
  if (reference === '') return { exact: sql`false`, prefix: sql`false` };
  const starts = `${reference}%`;
  if (!/^\d+$/.test(reference))
    return {
      exact: sql`p.search_reference = ${reference}`,
      prefix: sql`p.search_reference like ${starts}`,
    };
  return {
    exact: sql`(p.search_reference = ${reference} or p.reference_digits = ${reference})`,
    prefix: sql`(p.search_reference like ${starts} or p.reference_digits like ${starts})`,
  };
}

/**
 * Names with a word, or the start of one, within the word's typos (`typoBudget`). The word is
 * compared with the vocabulary of the names (`search_words`, a few hundred words) by
 * `botica_prefix_typos` (migration 0008) and the names holding the words found are read through the
 * trigram index with one regular expression. Before the exact count, two cheap tests that every
 * word within k typos passes leave most of the vocabulary out: its length, and that its first k + 1
 * letters share one with the typed word's (each typo moves or replaces at most one of them).
 */
function wordMatch(word: string, name: SQL): SQL {
  const typos = typoBudget(word);
  if (typos === 0) return sql`${name} like '%' || botica_normalise(${word}) || '%'`;
  // a–z only (typoBudget), so the word needs no escaping in LIKE or in the expressions.
  const firstLetters = `^.{0,${typos}}[${word.slice(0, typos + 1)}]`;
  // No word within reach gives null, which matches no name.
  return sql`(${name} like ${`%${word}%`} or ${name} ~ (
    select string_agg(w.word, '|') from search_words w
    where length(w.word) >= ${word.length - typos} and w.word ~ ${firstLetters}
      and botica_prefix_typos(${word}, w.word, ${typos}) <= ${typos}))`;
}

/** Exact or fuzzy: what the catalogue's text filter matches. */
export function anyMatch(match: TextMatch): SQL {
  return match.fuzzy ? sql`(${match.exact} or ${match.fuzzy})` : match.exact;
}
