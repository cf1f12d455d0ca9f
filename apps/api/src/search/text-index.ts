/**
 * The in-memory text index of the catalogue: what the search box and the catalogue's text filter
 * match and rank products with (README.md "Search: matching rules"), without asking the database.
 *
 * PLACEHOLDER: a linear scan that knows the exact tiers only (no typos, no words in any order), so
 * the index's holder and the catalogue can be built against the interface while the engine is
 * written. It is replaced whole.
 */
import { cleanQuery, normaliseReference, queryWords } from './text-match.ts';

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

function plainName(text: string): string {
  return queryWords(text).join(' ');
}

/** Builds the index of `documents`, in the order that breaks ties. */
export function buildTextIndex(documents: readonly IndexedText[]): TextIndex {
  const names = documents.map((document) => plainName(document.name));
  const references = documents.map((document) => normaliseReference(document.reference));
  return {
    memoryBytes: names.reduce((sum, name) => sum + name.length * 2, 0),
    match(text: string): Int32Array {
      const cleaned = cleanQuery(text);
      if (cleaned === '') return new Int32Array(0);
      const reference = normaliseReference(cleaned);
      const phrase = plainName(cleaned);
      const tiers: number[][] = [[], [], [], [], []];
      names.forEach((name, position) => {
        const ref = references[position] ?? '';
        let tier = -1;
        if (reference !== '' && ref === reference) tier = 0;
        else if (reference !== '' && ref.startsWith(reference)) tier = 1;
        else if (phrase !== '' && name.startsWith(phrase)) tier = 2;
        else if (phrase !== '' && name.includes(` ${phrase}`)) tier = 3;
        else if (phrase !== '' && name.includes(phrase)) tier = 4;
        if (tier >= 0) tiers[tier]?.push(position);
      });
      return Int32Array.from(tiers.flat());
    },
  };
}
