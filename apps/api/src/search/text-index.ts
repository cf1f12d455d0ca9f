/**
 * The in-memory text index of the catalogue: what the search box and the catalogue's text filter
 * match and rank products with (README.md "Search: matching rules"), without asking the database.
 *
 * It finds what the SQL of `text-match.ts` finds, exact and typo-tolerant matches together, and one
 * thing more: the words of a text in any order ('aloe gel' finds 'Gel de aloe vera'), also when
 * every word is too short for typos. A match is
 * - a reference: the text's normalised reference is the start of the product's (or, digits only, of
 *   the reference's digits);
 * - a name that contains the text (accents and case aside);
 * - a name in which every word of the text is found: inside one of its words, or, for a word of 5
 *   letters or more (`typoBudget`), as the start of a word of the vocabulary within its typos, that
 *   word standing alone or inside a longer one (as the SQL's regular expression finds it).
 *
 * `match` answers every match, exact and with typos, best first: 0 the exact reference, 1 a reference
 * that starts with the text, 2 a name that starts with it, 3 a name with a word that starts with it,
 * 4 a name that contains it; then, as tier 5, the names that hold every word but not the text as
 * typed (words in any order, or with typos), fewest typos first, then the words side by side in the
 * text's order, then fewest words found inside another word rather than at its start (`tier5`; the
 * SQL orders these by trigram similarity). Ties
 * keep the documents' order. The caller pages and counts; it needs no second pass for typos, which
 * cost no more than the exact matches here and rank after them.
 *
 * How: the names' distinct words (a few hundred to a few thousand) with their postings, and every
 * suffix of every word in order (`vocabulary.ts`), so the words that contain a typed word are one
 * binary search away; a typed word with a typo budget is compared with the vocabulary, never with the
 * names (`typos.ts`). With one word the postings give the tiers directly; with several, the candidates
 * come from the rarest word and are checked against each name's own words, the text as typed against
 * the name itself. References are sorted arrays searched by prefix. Nothing is kept from one text to
 * the next but scratch arrays.
 */
import { cleanQuery, normaliseReference, queryWords, typoBudget } from './text-match.ts';
import { mayBeWithin, prefixTypos } from './typos.ts';
import {
  AFTER_OTHER,
  AFTER_SPACE,
  buildVocabulary,
  stringBytes,
  suffixRange,
  vocabularyBytes,
} from './vocabulary.ts';

/** What the index reads of a product. */
export interface IndexedText {
  name: string;
  reference: string;
}

export interface TextIndex {
  /**
   * The position (in the documents given to `buildTextIndex`) of every document that matches `text`,
   * best first; documents that rank alike keep the order they were given in (the holder gives them
   * by name, then id). Empty for a text of spaces.
   */
  match(text: string): Int32Array;
  /** The bytes the index holds, about (reported by the metrics and the benchmark). */
  readonly memoryBytes: number;
}

/** Lower case without accents, signs kept: the name as `products.search_name` holds it. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** No match (in the per-document ranks and the per-word costs). */
const NONE = 255;
/** The first rank of tier 5; ranks above it order the tier. */
const TIER_5 = 5;

/**
 * How a word of the name holds a typed word: typos × 2, plus 1 when it is inside the word rather than
 * at its start.
 */
function cost(typos: number, inside: boolean): number {
  return typos * 2 + (inside ? 1 : 0);
}

/**
 * Tier 5's rank of a document: fewest typos first; then the words side by side in the text's order
 * ('equniacea forte' puts 'Equinácea Forte' before 'Equinácea + Eucalipto Forte'); then fewest words
 * found inside another word.
 */
function tier5(typos: number, inside: number, together: boolean): number {
  return Math.min(NONE - 1, TIER_5 + typos * 16 + (together ? 0 : 8) + Math.min(inside, 7));
}

/** Strings in order with the position of each, for prefix ranges. */
interface SortedKeys {
  keys: string[];
  positions: Int32Array;
}

function sortKeys(keys: readonly string[]): SortedKeys {
  const order = keys.map((_, position) => position).filter((position) => keys[position] !== '');
  order.sort((a, b) =>
    (keys[a] as string) < (keys[b] as string) ? -1 : (keys[a] as string) > (keys[b] as string) ? 1 : a - b,
  );
  return { keys: order.map((position) => keys[position] as string), positions: Int32Array.from(order) };
}

/** The first index of `keys` whose key is not below `text`, or past the keys starting with it. */
function lowerBound(keys: readonly string[], text: string, past: boolean): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const key = keys[middle] as string;
    const before = past ? key < text || key.startsWith(text) : key < text;
    if (before) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The vocabulary's words that hold a typed word, with their costs, and how many postings they have. */
interface WordMatch {
  costs: Uint8Array;
  ids: number[];
  postings: number;
}

/** Builds the index of `documents`, in the order that breaks ties. */
export function buildTextIndex(documents: readonly IndexedText[]): TextIndex {
  const count = documents.length;
  const names = documents.map((document) => plain(document.name));
  const vocabulary = buildVocabulary(names);
  const references = sortKeys(documents.map((document) => normaliseReference(document.reference)));
  const digits = sortKeys(documents.map((document) => document.reference.replace(/[^0-9]+/g, '')));

  // Scratch, reset after every text: the rank of each document found, and which ones were.
  const ranks = new Uint8Array(count).fill(NONE);
  const found = new Int32Array(count);
  let foundCount = 0;
  const seen = new Int32Array(count);
  let generation = 0;

  const rank = (position: number, value: number) => {
    const current = ranks[position] as number;
    if (current === NONE) found[foundCount++] = position;
    if (value < current) ranks[position] = value;
  };

  const matchReferences = (keys: SortedKeys, reference: string) => {
    const from = lowerBound(keys.keys, reference, false);
    const to = lowerBound(keys.keys, reference, true);
    for (let index = from; index < to; index += 1)
      rank(keys.positions[index] as number, keys.keys[index] === reference ? 0 : 1);
  };

  // Scratch per typed word (the first words of a text), reset after every text by the ids it holds.
  const costScratch: Uint8Array[] = [];
  const matchWord = (word: string, slot = 0): WordMatch => {
    const { words, suffixWords, suffixOffsets, postingStarts } = vocabulary;
    let costs = costScratch[slot];
    if (!costs) {
      costs = new Uint8Array(words.length).fill(NONE);
      // A text of many words keeps a few scratches; past them, a word gets its own.
      if (slot < 8) costScratch[slot] = costs;
    }
    const match: WordMatch = { costs, ids: [], postings: 0 };
    const hold = (from: number, to: number, typos: number) => {
      for (let index = from; index < to; index += 1) {
        const id = suffixWords[index] as number;
        const value = cost(typos, suffixOffsets[index] !== 0);
        const current = match.costs[id] as number;
        if (current === NONE) {
          match.ids.push(id);
          match.postings += (postingStarts[id + 1] as number) - (postingStarts[id] as number);
        }
        if (value < current) match.costs[id] = value;
      }
    };
    hold(...suffixRange(vocabulary, word), 0);
    const budget = typoBudget(word);
    if (budget > 0)
      for (const candidate of words) {
        if (!mayBeWithin(word, candidate, budget)) continue;
        const typos = prefixTypos(word, candidate, budget);
        // No typo: the candidate starts with the word, already held above.
        if (typos > 0 && typos <= budget) hold(...suffixRange(vocabulary, candidate), typos);
      }
    return match;
  };

  /** Leaves the words' scratches as they were before the text. */
  const release = (matches: readonly WordMatch[]) => {
    for (const { costs, ids } of matches) for (const id of ids) costs[id] = NONE;
  };

  /** One word typed alone: the postings say where it stands, hence the tier. */
  const matchOneWord = (word: string) => {
    const { postings, postingStarts } = vocabulary;
    const match = matchWord(word);
    const { costs, ids } = match;
    for (const id of ids) {
      const value = costs[id] as number;
      for (
        let index = postingStarts[id] as number, end = postingStarts[id + 1] as number;
        index < end;
        index += 1
      ) {
        const posting = postings[index] as number;
        const position = posting >> 2;
        const before = posting & 3;
        const tier =
          value === 0
            ? before === AFTER_OTHER
              ? 4
              : before === AFTER_SPACE
                ? 3
                : 2
            : value === 1
              ? 4
              : tier5(value >> 1, value & 1, true);
        rank(position, tier);
      }
    }
    release([match]);
  };

  /** Several words (or signs): every word in the name, then the text as typed against the name. */
  const matchWords = (words: readonly string[], phrase: string) => {
    const { postings, postingStarts, documentWords, documentStarts } = vocabulary;
    const matches = words.map((word, slot) => matchWord(word, slot));
    let rarest = matches[0] as WordMatch;
    for (const match of matches) if (match.postings < rarest.postings) rarest = match;
    // A new mark for this text; after 2³¹ texts the marks start over.
    if (generation === 0x7fffffff) {
      seen.fill(0);
      generation = 0;
    }
    generation += 1;
    const spaced = ` ${phrase}`;
    for (const id of rarest.ids) {
      for (
        let index = postingStarts[id] as number, end = postingStarts[id + 1] as number;
        index < end;
        index += 1
      ) {
        const position = (postings[index] as number) >> 2;
        if (seen[position] === generation) continue;
        seen[position] = generation;
        let typos = 0;
        let inside = 0;
        let held = true;
        // Where each word was found (the first of the name's words that holds it best), in order.
        let together = true;
        let previous = -1;
        const from = documentStarts[position] as number;
        const to = documentStarts[position + 1] as number;
        for (const { costs } of matches) {
          let best = NONE;
          let where = -1;
          for (let at = from; at < to; at += 1) {
            const value = costs[documentWords[at] as number] as number;
            if (value < best) {
              best = value;
              where = at;
            }
          }
          if (best === NONE) {
            held = false;
            break;
          }
          if (previous !== -1 && where !== previous + 1) together = false;
          previous = where;
          typos += best >> 1;
          inside += best & 1;
        }
        if (!held) continue;
        const name = names[position] as string;
        // Without typos the text as typed may be in the name; with one it cannot.
        const tier =
          typos > 0
            ? tier5(typos, inside, together)
            : name.startsWith(phrase)
              ? 2
              : name.includes(spaced)
                ? 3
                : name.includes(phrase)
                  ? 4
                  : tier5(0, inside, together);
        rank(position, tier);
      }
    }
    release(matches);
  };

  /** A text of signs only ('+'): the names that contain it, read one by one. */
  const matchSigns = (phrase: string) => {
    const spaced = ` ${phrase}`;
    names.forEach((name, position) => {
      if (name.startsWith(phrase)) rank(position, 2);
      else if (name.includes(spaced)) rank(position, 3);
      else if (name.includes(phrase)) rank(position, 4);
    });
  };

  /** The documents found, by rank then position; the scratch is left empty for the next text. */
  const collect = (): Int32Array => {
    const starts = new Int32Array(NONE + 1);
    for (let index = 0; index < foundCount; index += 1) {
      const value = ranks[found[index] as number] as number;
      starts[value + 1] = (starts[value + 1] as number) + 1;
    }
    for (let value = 1; value <= NONE; value += 1)
      starts[value] = (starts[value] as number) + (starts[value - 1] as number);
    const answer = new Int32Array(foundCount);
    const place = (position: number) => {
      const value = ranks[position] as number;
      answer[starts[value] as number] = position;
      starts[value] = (starts[value] as number) + 1;
      ranks[position] = NONE;
    };
    // Positions in order: a walk over all when most were found, else the few sorted.
    if (foundCount > count >> 4) {
      for (let position = 0; position < count; position += 1) if (ranks[position] !== NONE) place(position);
    } else {
      const positions = found.slice(0, foundCount).sort();
      for (const position of positions) place(position);
    }
    foundCount = 0;
    return answer;
  };

  return {
    memoryBytes:
      vocabularyBytes(vocabulary) +
      names.reduce((sum, name) => sum + stringBytes(name), 0) +
      [references, digits].reduce(
        (sum, keys) =>
          sum + keys.positions.byteLength + keys.keys.reduce((bytes, key) => bytes + stringBytes(key), 0),
        0,
      ) +
      ranks.byteLength +
      found.byteLength +
      seen.byteLength,
    match(text: string): Int32Array {
      const phrase = plain(cleanQuery(text));
      if (phrase === '') return new Int32Array(0);
      const reference = normaliseReference(phrase);
      if (reference !== '') {
        matchReferences(references, reference);
        if (/^\d+$/.test(reference)) matchReferences(digits, reference);
      }
      const words = queryWords(phrase);
      if (words.length === 0) matchSigns(phrase);
      else if (words.length === 1 && words[0] === phrase) matchOneWord(phrase);
      else matchWords(words, phrase);
      return collect();
    },
  };
}
