/**
 * Typos between a typed word and the start of a word of the names: the same count, filter and cap as
 * the SQL function `botica_prefix_typos` (migration 0008) and the test before it in `text-match.ts`,
 * so the text index and the database find the same words.
 */

// Rows of the recurrence, grown to the longest word seen and reused: the count runs many times per text.
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The fewest typos that turn `typed` into the start of `word` (the whole word included), a typo being
 * a missing, extra or wrong letter or two neighbouring letters swapped (Damerau–Levenshtein, optimal
 * string alignment). Only the band of `max` cells around the diagonal is computed, and any answer
 * above `max` is `max + 1`.
 */
export function prefixTypos(typed: string, word: string, max: number): number {
  const n = typed.length;
  // A start of `word` longer than n + max needs more than max extra letters.
  const m = Math.min(word.length, n + max);
  const over = max + 1;
  if (m < n - max) return over;
  if (rows[0].length < m + 1) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [beforePrevious, previous, current] = rows;
  for (let j = 0; j <= m; j += 1) previous[j] = j <= max ? j : over;
  beforePrevious.set(previous.subarray(0, m + 1));
  for (let i = 1; i <= n; i += 1) {
    current.fill(over, 0, m + 1);
    if (i <= max) current[0] = i;
    let best = current[0] as number;
    const letter = typed.charCodeAt(i - 1);
    for (let j = Math.max(1, i - max), last = Math.min(m, i + max); j <= last; j += 1) {
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (letter === word.charCodeAt(j - 1) ? 0 : 1),
      );
      if (
        i > 1 &&
        j > 1 &&
        letter === word.charCodeAt(j - 2) &&
        typed.charCodeAt(i - 2) === word.charCodeAt(j - 1)
      )
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      value = Math.min(value, over);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return over;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  let best = over;
  for (let j = 0; j <= m; j += 1) best = Math.min(best, previous[j] as number);
  return best;
}

/**
 * The cheap test every word within `max` typos of `typed` passes (each typo moves or replaces at most
 * one letter): it is long enough, and one of its first `max + 1` letters is one of the typed word's
 * first `max + 1`.
 */
export function mayBeWithin(typed: string, word: string, max: number): boolean {
  if (word.length < typed.length - max) return false;
  const first = typed.slice(0, max + 1);
  for (let index = 0, end = Math.min(word.length, max + 1); index < end; index += 1)
    if (first.includes(word[index] as string)) return true;
  return false;
}
