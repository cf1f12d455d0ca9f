import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase, selectRows } from '../db/database.ts';
import { seedIfEmpty } from '../demo-data/index.ts';
import { randomBelow as generator } from '../testing/seeded-random.ts';
import { textbookPrefixTypos } from '../testing/textbook-typos.ts';
import { buildTextIndex, type IndexedText } from './text-index.ts';
import { anyMatch, cleanQuery, normaliseReference, queryWords, textMatch, typoBudget } from './text-match.ts';
import { mayBeWithin, prefixTypos } from './typos.ts';

/** One typo of each kind at a random place: a letter missing, one extra, one wrong, two swapped. */
function withTypo(word: string, next: (limit: number) => number, letters = 'aeilnorst'): string {
  const at = next(word.length);
  const letter = letters[next(letters.length)] ?? 'a';
  switch (next(4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
  }
}

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The names (and references) of the positions found. */
function namesOf(documents: readonly IndexedText[], positions: Int32Array): string[] {
  return [...positions].map((position) => documents[position]?.name ?? '?');
}

const CATALOGUE: IndexedText[] = [
  { name: 'Aceite de Rosa Mosqueta', reference: 'BT-10001' },
  { name: 'Aloe Vera Gel', reference: 'BT-10002' },
  { name: 'Cola de Caballo + Rosa Mosqueta', reference: 'BT-10003' },
  { name: 'Equinácea', reference: 'BT-10399' },
  { name: 'Equinácea Forte', reference: 'BT-10399-2' },
  { name: 'Gel de aloe vera', reference: 'BT-20001' },
  { name: 'Jalea Real-Forte', reference: 'XY-10399' },
  { name: 'Melisa', reference: 'BT-30001' },
  { name: 'Multivitamina Junior', reference: 'BT-30002' },
  { name: 'Tila', reference: 'BT-30003' },
  { name: 'Valeriana', reference: 'BT-30004' },
  { name: 'Vitamina B12', reference: 'BT-30005' },
  { name: 'Vitamina B13', reference: 'BT-30006' },
];

describe('the text index', () => {
  const index = buildTextIndex(CATALOGUE);
  const find = (text: string) => namesOf(CATALOGUE, index.match(text));

  it('finds references as typed, the exact one first, and digits at the start of the digits', () => {
    for (const typed of ['BT-10399', 'bt10399', 'bt 10399', ' Bt_10399 ', 'BT–10399'])
      expect(find(typed)).toEqual(['Equinácea', 'Equinácea Forte']);
    expect(find('bt1000')).toEqual([
      'Aceite de Rosa Mosqueta',
      'Aloe Vera Gel',
      'Cola de Caballo + Rosa Mosqueta',
    ]);
    // Digits alone: the start of the reference's digits too ('XY-10399' is 10399, 'BT-10399-2' 103992).
    expect(find('10399')).toEqual(['Equinácea', 'Jalea Real-Forte', 'Equinácea Forte']);
    expect(find('0399')).toEqual([]);
    expect(find('xy')).toEqual(['Jalea Real-Forte']);
  });

  it('finds names regardless of accents and case, by start, word start and anywhere', () => {
    for (const typed of ['equinacea', 'EQUINÁCEA', 'Equinácea', 'equinÁcea'])
      expect(find(typed)).toEqual(['Equinácea', 'Equinácea Forte']);
    // Tier 2 (starts), 3 (a word starts), 4 (inside a word); each tier in the documents' order.
    expect(find('vita')).toEqual(['Vitamina B12', 'Vitamina B13', 'Multivitamina Junior']);
    expect(find('aloe')).toEqual(['Aloe Vera Gel', 'Gel de aloe vera']);
    expect(find('de aloe')).toEqual(['Gel de aloe vera']);
    expect(find('osa')).toEqual(['Aceite de Rosa Mosqueta', 'Cola de Caballo + Rosa Mosqueta']);
    expect(find('lo + ro')).toEqual(['Cola de Caballo + Rosa Mosqueta']);
    // A sign joined to a word is a word start only after a space: '-forte' is inside 'real-forte'.
    expect(find('forte')).toEqual(['Equinácea Forte', 'Jalea Real-Forte']);
  });

  it('allows a typo of each kind from five letters and two from nine, none below five or with digits', () => {
    for (const typed of ['valeriaan', 'valerana', 'valerianna', 'valeriena', 'xaleriana', 'vlaeriana'])
      expect(find(typed)).toEqual(['Valeriana']);
    expect(find('melsia')).toEqual(['Melisa']);
    expect(find('qeuinaeca')).toEqual(['Equinácea', 'Equinácea Forte']);
    // Two typos in fewer than nine letters, a typo below five, a typo in a word with digits: nothing.
    expect(find('mlesia')).toEqual([]);
    expect(find('tlia')).toEqual([]);
    expect(find('b14')).toEqual([]);
    // The start of a word within its typos, also inside a longer word (as the SQL's expression finds).
    expect(find('vitamna')).toEqual(['Vitamina B12', 'Vitamina B13', 'Multivitamina Junior']);
    expect(find('vitamina b13')).toEqual(['Vitamina B13']);
  });

  it('finds the words in any order after the text as typed, fewer typos first', () => {
    expect(find('aloe gel')).toEqual(['Aloe Vera Gel', 'Gel de aloe vera']);
    expect(find('gel aloe')).toEqual(['Aloe Vera Gel', 'Gel de aloe vera']);
    expect(find('rosa cola')).toEqual(['Cola de Caballo + Rosa Mosqueta']);
    expect(find('jalea real forte')).toEqual(['Jalea Real-Forte']);
    // The text as typed first, wherever the name stands.
    const swapped = buildTextIndex([
      { name: 'Gel de aloe', reference: 'A1' },
      { name: 'Aloe gel', reference: 'A2' },
    ]);
    expect([...swapped.match('aloe gel')]).toEqual([1, 0]);
    // No typo before one typo, before two; in the same tier, a word start before a word's inside.
    const typos = buildTextIndex([
      { name: 'Equinacia Forte', reference: 'A1' },
      { name: 'Equinacea Forte', reference: 'A2' },
      { name: 'Forte Equinacea', reference: 'A3' },
      { name: 'Forte Superequinacea', reference: 'A4' },
      { name: 'Eqinacia Forte', reference: 'A5' },
    ]);
    expect([...typos.match('equinacea forte')]).toEqual([1, 2, 3, 0, 4]);
    // Among equal typos: the words side by side in the text's order first.
    const near = buildTextIndex([
      { name: 'Forte Equinacia', reference: 'A1' },
      { name: 'Equinacia + Eucalipto Forte', reference: 'A2' },
      { name: 'Gel Equinacia Forte', reference: 'A3' },
      { name: 'Equinacia Forte', reference: 'A4' },
    ]);
    expect([...near.match('equinacea forte')]).toEqual([2, 3, 0, 1]);
    expect([...near.match('equinacea')]).toEqual([0, 1, 2, 3]);
  });

  it('answers nothing for spaces and the names with a sign for a sign alone', () => {
    expect(index.match('')).toEqual(new Int32Array(0));
    expect(index.match('  \t ')).toEqual(new Int32Array(0));
    expect(find('+')).toEqual(['Cola de Caballo + Rosa Mosqueta']);
    expect(find('zzz')).toEqual([]);
    expect(buildTextIndex([]).match('aloe')).toEqual(new Int32Array(0));
    expect(index.memoryBytes).toBeGreaterThan(0);
  });
});

/**
 * The index's rules read off every name one by one: the model the index must agree with, order
 * included, on random catalogues.
 */
function linearMatch(documents: readonly IndexedText[], text: string): number[] {
  const phrase = plain(cleanQuery(text));
  if (phrase === '') return [];
  const reference = normaliseReference(phrase);
  const words = queryWords(phrase);
  const vocabulary = [...new Set(documents.flatMap((document) => queryWords(document.name)))];
  const ranked: [number, number][] = [];
  documents.forEach((document, position) => {
    const name = plain(document.name);
    const ranks: number[] = [];
    const own = normaliseReference(document.reference);
    const digits = document.reference.replace(/[^0-9]+/g, '');
    if (reference !== '') {
      if (own === reference || (/^\d+$/.test(reference) && digits === reference)) ranks.push(0);
      else if (own.startsWith(reference) || (/^\d+$/.test(reference) && digits.startsWith(reference)))
        ranks.push(1);
    }
    if (name.startsWith(phrase)) ranks.push(2);
    else if (name.includes(` ${phrase}`)) ranks.push(3);
    else if (name.includes(phrase)) ranks.push(4);
    if (words.length > 0) {
      let typos = 0;
      let inside = 0;
      let together = true;
      let previous = -1;
      const nameWords = [...new Set(queryWords(name))];
      const held = words.every((word, order) => {
        let best = Number.POSITIVE_INFINITY;
        let where = -1;
        nameWords.forEach((nameWord, at) => {
          let value = Number.POSITIVE_INFINITY;
          if (nameWord.includes(word)) value = nameWord.startsWith(word) ? 0 : 1;
          const budget = typoBudget(word);
          for (const known of budget === 0 ? [] : vocabulary) {
            const count = prefixTypos(word, known, budget);
            if (count > budget || !mayBeWithin(word, known, budget) || !nameWord.includes(known)) continue;
            value = Math.min(value, count * 2 + (nameWord.startsWith(known) ? 0 : 1));
          }
          if (value < best) {
            best = value;
            where = at;
          }
        });
        if (best === Number.POSITIVE_INFINITY) return false;
        if (order > 0 && where !== previous + 1) together = false;
        previous = where;
        typos += Math.floor(best / 2);
        inside += best % 2;
        return true;
      });
      if (held) ranks.push(Math.min(254, 5 + typos * 16 + (together ? 0 : 8) + Math.min(inside, 7)));
    }
    if (ranks.length > 0) ranked.push([Math.min(...ranks), position]);
  });
  return ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, position]) => position);
}

describe('the text index against its rules read name by name', () => {
  it('counts typos as the textbook recurrence does, up to its cap', () => {
    const next = generator(11);
    for (let index = 0; index < 500; index += 1) {
      const word = Array.from({ length: 3 + next(9) }, () => 'aeilnorst'[next(9)]).join('');
      let typed = word.slice(0, Math.max(1, word.length - next(4)));
      for (let edits = next(4); edits > 0 && typed.length > 1; edits -= 1) typed = withTypo(typed, next);
      for (const max of [1, 2])
        expect(prefixTypos(typed, word, max)).toBe(Math.min(textbookPrefixTypos(typed, word), max + 1));
    }
  });

  it('agrees on random catalogues and texts, order included', () => {
    const next = generator(2026);
    const syllables = [
      'a',
      'al',
      'ro',
      'sa',
      'me',
      'li',
      've',
      'ra',
      'ca',
      'lo',
      'ge',
      'na',
      'ti',
      'e',
      'qui',
    ];
    const word = () => Array.from({ length: 1 + next(4) }, () => syllables[next(syllables.length)]).join('');
    for (let round = 0; round < 20; round += 1) {
      const documents = Array.from({ length: 40 }, (_, position) => ({
        name: Array.from({ length: 1 + next(4) }, word).join(['', ' ', ' ', ' + ', '-'][next(5)] ?? ' '),
        reference: `${['BT', 'bt', 'XY'][next(3)]}-${String(next(2000)).padStart(4, '0')}${position % 3 === 0 ? '-2' : ''}`,
      }));
      const index = buildTextIndex(documents);
      for (let text = 0; text < 25; text += 1) {
        const source = documents[next(documents.length)] as IndexedText;
        const words = queryWords(source.name);
        let typed: string;
        switch (next(5)) {
          case 0:
            typed = source.reference.slice(0, 2 + next(8)).replace('-', [' ', '', '-'][next(3)] ?? '');
            break;
          case 1:
            typed = source.name.slice(0, 1 + next(source.name.length));
            break;
          case 2:
            typed = words.map((each) => (next(2) === 0 ? withTypo(each, next) : each)).join(' ');
            break;
          case 3:
            typed = [...words].reverse().join(' ').slice(next(3));
            break;
          default:
            typed = `${word()} ${words[next(words.length)] ?? ''}`;
        }
        expect([...index.match(typed)], typed).toEqual(linearMatch(documents, typed));
      }
    }
  });
});

describe('the text index against the SQL on the demo catalogue', () => {
  let database: OpenDatabase;
  let documents: (IndexedText & { id: number })[];
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedIfEmpty(database.db, { seed: 2026 });
    documents = await selectRows<IndexedText & { id: number }>(
      database.db,
      sql`select id, name, reference from products where is_active order by name, id`,
    );
  });
  afterAll(() => database.close());

  /** The texts: references in every form, names as typed letter by letter, no accents, typos, words swapped. */
  function texts(): string[] {
    const next = generator(29);
    const pick = () => documents[next(documents.length)] as IndexedText;
    const found = new Set<string>(['µg', '1000', 'b12', 'cola rosa', 'aloe gel']);
    for (let count = 0; count < 12; count += 1) {
      const { reference } = pick();
      const digits = reference.replace(/\D/g, '');
      for (const form of [
        reference,
        reference.toLowerCase().replace('-', ''),
        reference.replace('-', ' '),
        reference.replace('-', '_'),
        reference.slice(0, 5),
        digits,
        digits.slice(0, 3),
      ])
        found.add(form);
    }
    for (let count = 0; count < 6; count += 1) {
      const { name } = pick();
      for (let length = 1; length <= name.length; length += 1) found.add(name.slice(0, length));
    }
    for (let count = 0; count < 40; count += 1) {
      const words = pick().name.split(' ');
      const word = words[next(words.length)] ?? '';
      found.add(plain(word));
      const typed = plain(word);
      if (typoBudget(typed) > 0) {
        let mistyped = withTypo(typed, next, 'abcdefghijklmnopqrstuvwxyz');
        if (typoBudget(typed) > 1 && next(2) === 0) mistyped = withTypo(mistyped, next);
        found.add(mistyped);
        found.add(`${mistyped} ${words.filter((other) => other !== word)[0] ?? ''}`);
      }
      found.add(words.slice(0, 3).reverse().join(' '));
    }
    // Short words (no typos, so no SQL pass for them together) in the other order: 'gel aloe'.
    for (const { name } of documents) {
      const short = name.split(' ').filter((word) => /^\p{L}{2,4}$/u.test(word));
      if (short.length >= 2 && next(4) === 0) found.add(`${short.at(-1)} ${short[0]}`);
    }
    return [...found];
  }

  it('finds the same products as the SQL, and more only with the words in any order', async () => {
    const list = texts();
    expect(list.length).toBeGreaterThan(250);
    const index = buildTextIndex(documents);
    let wider = 0;
    for (const text of list) {
      const cleaned = cleanQuery(text);
      const match = textMatch(cleaned);
      const rows = await selectRows<{ id: number }>(
        database.db,
        sql`select p.id from products p where p.is_active and ${anyMatch(match)}`,
      );
      const expected = rows.map((row) => row.id).sort((a, b) => a - b);
      const actual = [...index.match(text)]
        .map((position) => documents[position]?.id as number)
        .sort((a, b) => a - b);
      // The SQL has no pass for several words none of which may have a typo: there the index finds more.
      if (match.fuzzy === null && plain(cleaned) !== queryWords(cleaned).join('')) {
        expect(actual, text).toEqual(expect.arrayContaining(expected));
        if (actual.length > expected.length) wider += 1;
      } else expect(actual, text).toEqual(expected);
    }
    expect(wider).toBeGreaterThan(5);
  });
});
