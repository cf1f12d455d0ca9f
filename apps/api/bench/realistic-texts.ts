/**
 * Search texts as pharmacists type them, made from a catalogue's own names and references, so a
 * benchmark asks what the search box really gets rather than a few texts an answer cache keeps:
 *   - prefixes typed letter by letter ('v', 'va', 'val', … 'valeriana f'), mostly lowercase and
 *     without accents, as the search box sends them while the pharmacist types;
 *   - typos in words of five letters or more: a letter missing, one extra, one wrong, two neighbours
 *     swapped;
 *   - references in every form: 'BT-10399', 'bt-10399', 'bt10399', 'bt 10399', '10399', and their
 *     prefixes ('bt-103', 'bt10', '103');
 *   - words with their accents dropped ('equinacea', 'energia');
 *   - two words of one name, in either order ('aloe gel', 'gel aloe').
 * No text comes twice (compared as the server reads them: trimmed, case and spaces ignored). The
 * same catalogue and seed give the same texts in the same order.
 */
import { createRandom, type Random } from '../src/demo-data/random.ts';

/** What the texts are made from: a product's name and reference. */
export interface NamedProduct {
  name: string;
  reference: string;
}

/** The kinds of text, in the order of `REALISTIC_TEXT_SHARES`. */
export type TextKind = 'prefix' | 'typo' | 'reference' | 'accents' | 'two words';

/** How the texts are shared among the kinds (parts of the whole). */
export const REALISTIC_TEXT_SHARES: Readonly<Record<TextKind, number>> = {
  prefix: 35,
  typo: 20,
  reference: 20,
  accents: 10,
  'two words': 15,
};

/** One search text and the kind it was made as. */
export interface RealisticText {
  text: string;
  kind: TextKind;
}

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The key two texts are the same search under: trimmed, lowercase, single spaces. */
function sameSearchKey(text: string): string {
  return text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Words nobody searches by: short links of a name. */
const LINKS = new Set(['con', 'del', 'las', 'los', 'para', 'por', 'sin']);

/**
 * The words of a name a pharmacist would type ('Valeriana', 'Forte'): letters only and three or more
 * of them, so neither '60', '+', 'mg' nor 'de'.
 */
function wordsOf(name: string): string[] {
  return name.split(/\s+/).filter((word) => /^\p{L}{3,}$/u.test(word) && !LINKS.has(word.toLowerCase()));
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjklñ', 'zxcvbnm'];

/** A key beside `letter` on a Spanish keyboard (the wrong letter a finger slips to). */
function neighbourKey(letter: string, random: Random): string {
  const lower = stripAccents(letter.toLowerCase());
  for (const row of KEYBOARD_ROWS) {
    const at = row.indexOf(lower);
    if (at < 0) continue;
    const beside = [row[at - 1], row[at + 1]].filter((key): key is string => key !== undefined);
    return random.pick(beside);
  }
  return 'e';
}

/** One typo in a word of five letters or more (`undefined` for a shorter word). */
export function typo(word: string, random: Random): string | undefined {
  if ([...word].length < 5) return undefined;
  const letters = [...word];
  // Never the first letter: the pharmacist starts a word right, and a wrong first letter is another word.
  const at = random.int(1, letters.length - 1);
  switch (random.int(0, 3)) {
    case 0:
      letters.splice(at, 1);
      break;
    case 1:
      letters.splice(at, 0, letters[at] as string);
      break;
    case 2:
      letters[at] = neighbourKey(letters[at] as string, random);
      break;
    default: {
      const before = Math.min(at, letters.length - 2);
      const first = letters[before] as string;
      letters[before] = letters[before + 1] as string;
      letters[before + 1] = first;
    }
  }
  const result = letters.join('');
  return result === word ? undefined : result;
}

/** The forms a pharmacist types a reference in: 'BT-10399', 'bt10399', 'bt 10399', '10399', prefixes. */
export function referenceForms(reference: string, random: Random): string[] {
  const match = /^([A-Za-z]+)-?(\d+)$/.exec(reference);
  if (!match) return [reference];
  const letters = match[1] as string;
  const digits = match[2] as string;
  const lower = letters.toLowerCase();
  const whole = [
    `${letters}-${digits}`,
    `${lower}-${digits}`,
    `${lower}${digits}`,
    `${lower} ${digits}`,
    `${letters}${digits}`,
    digits,
  ];
  const cut = random.int(1, digits.length - 1);
  const prefixes = [
    `${lower}-${digits.slice(0, cut)}`,
    `${lower}${digits.slice(0, cut)}`,
    digits.slice(0, Math.max(2, cut)),
  ];
  return [random.pick(whole), random.pick(whole), random.pick(prefixes)];
}

/** The prefixes of a name typed letter by letter, from 'v' to a few letters into its second word. */
function typedPrefixes(name: string, random: Random): string[] {
  const words = wordsOf(name);
  if (words.length === 0) return [];
  const start = random.chance(0.7) ? 0 : random.int(0, words.length - 1);
  let typed = words.slice(start, start + 2).join(' ');
  // Most pharmacists type lowercase and without accents; some copy the name as printed.
  if (random.chance(0.8)) typed = typed.toLowerCase();
  if (random.chance(0.7)) typed = stripAccents(typed);
  const firstWord = [...(words[start] as string)].length;
  const stop = Math.min([...typed].length, firstWord + random.int(0, 4));
  const letters = [...typed];
  const prefixes: string[] = [];
  for (let length = 1; length <= stop; length += 1) {
    const prefix = letters.slice(0, length).join('');
    if (!prefix.endsWith(' ')) prefixes.push(prefix);
  }
  return prefixes;
}

function typoText(name: string, random: Random): string | undefined {
  const words = wordsOf(name);
  const long = words.filter((word) => [...word].length >= 5);
  if (long.length === 0) return undefined;
  const word = random.pick(long);
  const wrong = typo(random.chance(0.7) ? stripAccents(word.toLowerCase()) : word, random);
  if (!wrong) return undefined;
  const other = words.filter((candidate) => candidate !== word);
  // Sometimes beside a second word typed right ('valeriaan forte').
  if (other.length > 0 && random.chance(0.3)) return `${wrong} ${random.pick(other).toLowerCase()}`;
  return wrong;
}

function accentlessText(name: string, random: Random): string | undefined {
  const words = wordsOf(name);
  const accented = words.filter((word) => stripAccents(word) !== word);
  if (accented.length === 0) return undefined;
  const word = random.pick(accented);
  const at = words.indexOf(word);
  // The word alone, or with the word after or before it ('energia forte', 'jalea energia').
  const beside = random.chance(0.5) ? undefined : words[random.chance(0.5) ? at + 1 : at - 1];
  const text = stripAccents(beside === undefined ? word : `${word} ${beside}`);
  return random.chance(0.7) ? text.toLowerCase() : text;
}

function twoWordsText(name: string, random: Random): string | undefined {
  const words = wordsOf(name);
  if (words.length < 2) return undefined;
  const [first, second] = random.sample(words, 2) as [string, string];
  let text = `${first} ${second}`;
  if (random.chance(0.8)) text = text.toLowerCase();
  if (random.chance(0.5)) text = stripAccents(text);
  return text;
}

/**
 * `count` distinct search texts (3,000 by default) made from `catalogue`, seeded: the same catalogue
 * and seed give the same list. Kinds are interleaved, so any slice of the list has each kind.
 * @throws when the catalogue cannot give that many distinct texts (a catalogue of a few products).
 */
export function realisticSearchTexts(
  catalogue: readonly NamedProduct[],
  options: { count?: number; seed?: number } = {},
): RealisticText[] {
  const count = options.count ?? 3_000;
  if (catalogue.length === 0) throw new Error('no products to make search texts from');
  const random = createRandom(`realistic-texts:${options.seed ?? 2026}`);
  const seen = new Set<string>();
  const byKind = new Map<TextKind, string[]>();
  const kinds = Object.entries(REALISTIC_TEXT_SHARES) as [TextKind, number][];
  const total = kinds.reduce((sum, [, share]) => sum + share, 0);
  const wanted = new Map(kinds.map(([kind, share]) => [kind, Math.round((count * share) / total)]));
  // The rounding's remainder goes to the prefixes, the commonest kind.
  const rounded = [...wanted.values()].reduce((sum, value) => sum + value, 0);
  wanted.set('prefix', (wanted.get('prefix') ?? 0) + count - rounded);

  const add = (kind: TextKind, text: string | undefined): void => {
    if (text === undefined) return;
    const list = byKind.get(kind) ?? [];
    if (list.length >= (wanted.get(kind) ?? 0)) return;
    const key = sameSearchKey(text);
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    list.push(text.trim());
    byKind.set(kind, list);
  };
  const full = (kind: TextKind) => (byKind.get(kind)?.length ?? 0) >= (wanted.get(kind) ?? 0);
  // A kind that gave nothing new in many tries has run out (a small vocabulary has few accented
  // words): what it still lacks goes to the typos, then to the prefixes.
  const idle = new Map<TextKind, number>();
  const exhausted = new Set<TextKind>();

  for (let attempt = 0; attempt < count * 200 && !kinds.every(([kind]) => full(kind)); attempt += 1) {
    const product = random.pick(catalogue);
    const kind = random.weighted(kinds.filter(([candidate]) => !full(candidate)));
    const before = byKind.get(kind)?.length ?? 0;
    switch (kind) {
      case 'prefix':
        for (const prefix of typedPrefixes(product.name, random)) add('prefix', prefix);
        break;
      case 'typo':
        add('typo', typoText(product.name, random));
        break;
      case 'reference':
        for (const form of referenceForms(product.reference, random)) add('reference', form);
        break;
      case 'accents':
        add('accents', accentlessText(product.name, random));
        break;
      default:
        add('two words', twoWordsText(product.name, random));
    }
    if ((byKind.get(kind)?.length ?? 0) > before) idle.set(kind, 0);
    else idle.set(kind, (idle.get(kind) ?? 0) + 1);
    if ((idle.get(kind) ?? 0) > 5_000 && !exhausted.has(kind)) {
      exhausted.add(kind);
      const lacking = (wanted.get(kind) ?? 0) - before;
      wanted.set(kind, before);
      const heir = (['typo', 'prefix', 'reference'] as const).find((other) => !exhausted.has(other));
      if (heir) wanted.set(heir, (wanted.get(heir) ?? 0) + lacking);
    }
  }
  const made = kinds.reduce((sum, [kind]) => sum + (byKind.get(kind)?.length ?? 0), 0);
  if (made < count) throw new Error(`only ${made} distinct search texts from ${catalogue.length} products`);

  // Interleaved by kind, each kind's texts in the order they were made (a prefix run stays in order).
  const queues = kinds.map(([kind]) => ({ kind, texts: byKind.get(kind) ?? [], next: 0 }));
  const texts: RealisticText[] = [];
  while (texts.length < count) {
    for (const queue of queues) {
      const share = REALISTIC_TEXT_SHARES[queue.kind];
      for (let taken = 0; taken < share && queue.next < queue.texts.length; taken += 1) {
        texts.push({ text: queue.texts[queue.next] as string, kind: queue.kind });
        queue.next += 1;
      }
    }
  }
  return texts.slice(0, count);
}
