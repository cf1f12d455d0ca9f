import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase, selectRows } from '../db/database.ts';
import { randomBelow } from '../testing/seeded-random.ts';
import { textbookPrefixTypos } from '../testing/textbook-typos.ts';
import { normaliseReference, queryWords, typoBudget } from './text-match.ts';

describe('the words and references of a query', () => {
  it('normalises references as pharmacists type them', () => {
    for (const typed of ['BT-10399', 'bt10399', 'bt 10399', ' Bt_10399 ', 'BT–10399'])
      expect(normaliseReference(typed)).toBe('bt10399');
    expect(normaliseReference('10399')).toBe('10399');
    expect(normaliseReference('%_ -')).toBe('');
  });

  it('splits words without accents or case', () => {
    expect(queryWords('Jalea  Real-Forte, 1000 mg')).toEqual(['jalea', 'real', 'forte', '1000', 'mg']);
    expect(queryWords('EQUINÁCEA Señor')).toEqual(['equinacea', 'senor']);
    expect(queryWords(' - ')).toEqual([]);
  });

  it('allows no typo below five letters, one from five, two from nine, none with digits', () => {
    expect(['tila', 'aloe', 'a'].map(typoBudget)).toEqual([0, 0, 0]);
    expect(['melisa', 'salvia', 'valerian', 'rosas'].map(typoBudget)).toEqual([1, 1, 1, 1]);
    expect(['valeriana', 'equinacea', 'glucosamina'].map(typoBudget)).toEqual([2, 2, 2]);
    expect(['bt10399', '10399', 'b12345678'].map(typoBudget)).toEqual([0, 0, 0]);
  });
});

describe('botica_prefix_typos', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  async function typos(pairs: [string, string][], max: number): Promise<number[]> {
    const values = sql.join(
      pairs.map(([typed, word], index) => sql`(${index}::integer, ${typed}, ${word})`),
      sql`, `,
    );
    const rows = await selectRows<{ typos: number }>(
      database.db,
      sql`select botica_prefix_typos(v.typed, v.word, ${max}) as typos
          from (values ${values}) as v(position, typed, word) order by v.position`,
    );
    return rows.map((row) => Number(row.typos));
  }

  it('counts a missing, extra or wrong letter and two swapped neighbours as one typo each', async () => {
    const one: [string, string][] = [
      ['valeriaan', 'valeriana'], // swapped neighbours
      ['equniacea', 'equinacea'],
      ['hjoas', 'hojas'],
      ['valerana', 'valeriana'], // missing
      ['valerianna', 'valeriana'], // extra
      ['valeriena', 'valeriana'], // wrong
      ['xalerian', 'valeriana'], // wrong first letter
      ['equinas', 'equinacea'], // the start of the word, one wrong
    ];
    expect(await typos(one, 1)).toEqual(one.map(() => 1));
    expect(
      await typos(
        [
          ['equinacea', 'equinacea'],
          ['equina', 'equinacea'],
        ],
        1,
      ),
    ).toEqual([0, 0]);
    // Two swaps, or a swap and a wrong letter, are two typos.
    expect(
      await typos(
        [
          ['avleirana', 'valeriana'],
          ['vlaeriaxa', 'valeriana'],
        ],
        2,
      ),
    ).toEqual([2, 2]);
  });

  it('answers max + 1 for anything further', async () => {
    expect(
      await typos(
        [
          ['valeriana', 'vitamina'],
          ['melisa', 'tomillo'],
          ['ab', 'ba'],
        ],
        1,
      ),
    ).toEqual([2, 2, 1]);
    expect(
      await typos(
        [
          ['zzzzzzzzz', 'equinacea'],
          ['equinacea', 'eq'],
        ],
        2,
      ),
    ).toEqual([3, 3]);
  });

  it('agrees with the textbook recurrence on random words', async () => {
    const next = randomBelow(7);
    const letters = 'aeilnorst';
    const randomWord = (length: number) =>
      Array.from({ length }, () => letters[next(letters.length)]).join('');
    const mutate = (word: string) => {
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
          return at + 1 < word.length
            ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
            : word;
      }
    };
    const pairs: [string, string][] = [];
    for (let index = 0; index < 400; index += 1) {
      const word = randomWord(3 + next(9));
      let typed = word.slice(0, Math.max(1, word.length - next(4)));
      for (let edits = next(4); edits > 0 && typed.length > 1; edits -= 1) typed = mutate(typed);
      pairs.push([typed, word]);
    }
    for (const max of [1, 2]) {
      const expected = pairs.map(([typed, word]) => Math.min(textbookPrefixTypos(typed, word), max + 1));
      expect(await typos(pairs, max)).toEqual(expected);
    }
  });
});
