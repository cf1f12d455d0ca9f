/**
 * The vocabulary of the text index: the distinct words of the names (lower case, accents aside), each
 * with its postings (the documents that hold it), every document's words, and every suffix of every
 * word in order, so the words that contain a text (or start with it) are one binary search away.
 */

/** What stands before a word in its name: nothing (the name starts with it), a space, or another sign. */
export const AT_START = 0;
export const AFTER_SPACE = 1;
export const AFTER_OTHER = 2;

/** Words and postings of a list of names. */
export interface Vocabulary {
  /** The distinct words, in code-unit order. */
  readonly words: readonly string[];
  /**
   * Per word `w`, `postings[postingStarts[w] … postingStarts[w + 1])`: `document << 2 | what stands
   * before the word` (the best of its occurrences in that name), by document.
   */
  readonly postings: Int32Array;
  readonly postingStarts: Int32Array;
  /** Per document `d`, its distinct words: `documentWords[documentStarts[d] … documentStarts[d + 1])`. */
  readonly documentWords: Int32Array;
  readonly documentStarts: Int32Array;
  /** Every suffix of every word, in code-unit order: the word and where in it the suffix starts. */
  readonly suffixWords: Int32Array;
  readonly suffixOffsets: Int32Array;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Builds the vocabulary of `names`, already lower case and without accents (`plain` in
 * `text-match.ts`): a word is a run of letters and digits, as `queryWords` splits a text.
 */
export function buildVocabulary(names: readonly string[]): Vocabulary {
  // First pass: every (document, word, what stands before it), with the words numbered as met.
  const idOf = new Map<string, number>();
  const found: number[] = [];
  const firstWords: string[] = [];
  names.forEach((name, document) => {
    for (const occurrence of name.matchAll(WORD)) {
      const word = occurrence[0];
      let id = idOf.get(word);
      if (id === undefined) {
        id = firstWords.length;
        idOf.set(word, id);
        firstWords.push(word);
      }
      const at = occurrence.index;
      const before = at === 0 ? AT_START : name[at - 1] === ' ' ? AFTER_SPACE : AFTER_OTHER;
      found.push(document, id, before);
    }
  });
  // Number the words in order, so a prefix or a suffix range is a range of ids too.
  const order = firstWords.map((_, id) => id).sort((a, b) => compare(firstWords[a], firstWords[b]));
  const words = order.map((id) => firstWords[id] as string);
  const renumber = new Int32Array(firstWords.length);
  order.forEach((id, rank) => {
    renumber[id] = rank;
  });

  // Postings: counted per word, then filled in document order; repeated words keep their best start.
  const counts = new Int32Array(words.length + 1);
  const perDocumentCounts = new Int32Array(names.length + 1);
  const lastDocument = new Int32Array(words.length).fill(-1);
  for (let index = 0; index < found.length; index += 3) {
    const document = found[index] as number;
    const word = renumber[found[index + 1] as number] as number;
    if (lastDocument[word] === document) continue;
    lastDocument[word] = document;
    counts[word + 1] = (counts[word + 1] as number) + 1;
    perDocumentCounts[document + 1] = (perDocumentCounts[document + 1] as number) + 1;
  }
  const postingStarts = prefixSums(counts);
  const documentStarts = prefixSums(perDocumentCounts);
  const postings = new Int32Array(postingStarts[words.length] as number);
  const documentWords = new Int32Array(documentStarts[names.length] as number);
  const postingEnds = postingStarts.slice(0, words.length);
  const documentEnds = documentStarts.slice(0, names.length);
  lastDocument.fill(-1);
  for (let index = 0; index < found.length; index += 3) {
    const document = found[index] as number;
    const word = renumber[found[index + 1] as number] as number;
    const before = found[index + 2] as number;
    if (lastDocument[word] === document) {
      const at = (postingEnds[word] as number) - 1;
      const posting = postings[at] as number;
      if (before < (posting & 3)) postings[at] = (document << 2) | before;
      continue;
    }
    lastDocument[word] = document;
    postings[postingEnds[word] as number] = (document << 2) | before;
    postingEnds[word] = (postingEnds[word] as number) + 1;
    documentWords[documentEnds[document] as number] = word;
    documentEnds[document] = (documentEnds[document] as number) + 1;
  }

  const suffixes: { text: string; id: number; offset: number }[] = [];
  words.forEach((word, id) => {
    for (let offset = 0; offset < word.length; offset += 1)
      suffixes.push({ text: word.slice(offset), id, offset });
  });
  suffixes.sort((a, b) => compare(a.text, b.text));
  return {
    words,
    postings,
    postingStarts,
    documentWords,
    documentStarts,
    suffixWords: Int32Array.from(suffixes, ({ id }) => id),
    suffixOffsets: Int32Array.from(suffixes, ({ offset }) => offset),
  };
}

function compare(a: string | undefined, b: string | undefined): number {
  return (a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0;
}

function prefixSums(counts: Int32Array): Int32Array {
  for (let index = 1; index < counts.length; index += 1)
    counts[index] = (counts[index] as number) + (counts[index - 1] as number);
  return counts;
}

/**
 * Compares the suffix of `word` from `offset` with `text` over at most `text.length` code units: 0
 * when the suffix starts with `text`.
 */
function compareStart(word: string, offset: number, text: string): number {
  for (let index = 0; index < text.length; index += 1) {
    const a = offset + index < word.length ? word.charCodeAt(offset + index) : -1;
    const b = text.charCodeAt(index);
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** The range `[from, to)` of the suffixes that start with `text`. */
export function suffixRange(vocabulary: Vocabulary, text: string): [number, number] {
  const { words, suffixWords, suffixOffsets } = vocabulary;
  const at = (index: number) =>
    compareStart(words[suffixWords[index] as number] as string, suffixOffsets[index] as number, text);
  let low = 0;
  let high = suffixWords.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (at(middle) < 0) low = middle + 1;
    else high = middle;
  }
  const from = low;
  high = suffixWords.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (at(middle) <= 0) low = middle + 1;
    else high = middle;
  }
  return [from, low];
}

/** The bytes the vocabulary's arrays and words hold, about. */
export function vocabularyBytes(vocabulary: Vocabulary): number {
  const { words, postings, postingStarts, documentWords, documentStarts, suffixWords, suffixOffsets } =
    vocabulary;
  let bytes = 0;
  for (const array of [postings, postingStarts, documentWords, documentStarts, suffixWords, suffixOffsets])
    bytes += array.byteLength;
  for (const word of words) bytes += stringBytes(word);
  return bytes;
}

/** A string's bytes in V8, about: a header, one byte a character (two past Latin-1), its slot. */
export function stringBytes(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the Latin-1 range starts at U+0000.
  return 20 + text.length * (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
}
