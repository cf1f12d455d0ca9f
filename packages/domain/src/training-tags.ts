/**
 * How a product meets its training when the laboratory has linked none: the catalogue's tags, the
 * materials' tags and a webinar's topic are three separate lists of words, so they are compared by
 * their normalised names (case, accents, punctuation and spacing aside).
 */

/**
 * A tag's name reduced to what two lists of tags should agree on: lower case, without accents or
 * punctuation, single spaces. 'Sueño y estrés', 'sueno-y-estres' and ' SUEÑO Y ESTRÉS ' are one.
 * @example normaliseTagName('Sueño y estrés') // 'sueno y estres'
 */
export function normaliseTagName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether two lists of tag names share one (by `normaliseTagName`); a webinar takes part with its
 * topic as its one tag. Names that normalise to nothing never match.
 * @example sharesTag(['Sueño y estrés', 'Vegano'], ['sueno y estres']) // true
 */
export function sharesTag(names: readonly string[], others: readonly string[]): boolean {
  const wanted = new Set(names.map(normaliseTagName).filter((name) => name !== ''));
  return others.some((name) => wanted.has(normaliseTagName(name)));
}
