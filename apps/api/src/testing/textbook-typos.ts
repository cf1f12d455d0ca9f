/**
 * The typos between `typed` and the closest start of `word` by the textbook recurrence
 * (Damerau–Levenshtein, optimal string alignment) over every cell: the model the SQL function
 * `botica_prefix_typos` (migration 0008) and the text index's `prefixTypos` (search/typos.ts), both
 * banded and stopping early, must agree with up to their cap. For tests only.
 */
export function textbookPrefixTypos(typed: string, word: string): number {
  const rows = Array.from({ length: typed.length + 1 }, (_, i) =>
    Array.from({ length: word.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= typed.length; i += 1) {
    for (let j = 1; j <= word.length; j += 1) {
      let value = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (typed[i - 1] === word[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1])
        value = Math.min(value, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = value;
    }
  }
  return Math.min(...(rows[typed.length] as number[]));
}
