/**
 * The catalogue index's text search against its ground truth, the SQL of `text-match.ts`, on a
 * catalogue of 20,000 products (the demo generator's, as `bench:engines` measures it): the same hits
 * for references in every form, prefixes as typed, accents dropped and typos, from a property test
 * over random names and random typos (Damerau edits, as many as the word's length allows) and from
 * the realistic texts the benchmarks send. The one place the index means to differ: several words
 * none of which may have a typo ('gel aloe') match in any order in the index, and only together in
 * the SQL; there the test checks that the index finds every product the SQL does. PostgreSQL only:
 * the size is what matters, and PGlite gives the same answers on the demo catalogue
 * (src/search/text-index.test.ts).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealisticText, realisticSearchTexts } from '../../bench/realistic-texts.ts';
import { selectRows } from '../../src/db/database.ts';
import { seedIfEmpty } from '../../src/demo-data/index.ts';
import { loadSnapshot } from '../../src/search/catalogue-index.ts';
import type { CatalogueSnapshot } from '../../src/search/catalogue-index-snapshot.ts';
import { anyMatch, cleanQuery, queryWords, textMatch, typoBudget } from '../../src/search/text-match.ts';
import { openTestDatabase, type TestDatabase } from '../../src/testing/test-database.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

const PRODUCTS = 20_000;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzñ';

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** One Damerau edit of a word: a letter dropped, added or changed, or two neighbours swapped. */
type Edit = { kind: 0 | 1 | 2 | 3; at: number; letter: number };

function applyEdit(word: string, { kind, at: raw, letter: rawLetter }: Edit): string {
  const at = raw % Math.max(1, word.length);
  const letter = LETTERS[rawLetter % LETTERS.length] ?? 'a';
  switch (kind) {
    case 0:
      return word.length > 1 ? word.slice(0, at) + word.slice(at + 1) : word;
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
  }
}

const edit = fc.record({
  kind: fc.constantFrom<Edit['kind']>(0, 1, 2, 3),
  at: fc.nat(40),
  letter: fc.nat(LETTERS.length - 1),
});

describe.skipIf(projectEngine() !== 'postgres' || isUnavailable('postgres'))(
  `the text index against the SQL on ${PRODUCTS.toLocaleString('en')} products`,
  () => {
    let database: TestDatabase;
    let snapshot: CatalogueSnapshot;
    /** Texts compared so far, and how many of them the index answered with more than the SQL. */
    let compared = 0;
    let wider = 0;

    beforeAll(async () => {
      database = await openTestDatabase('postgres', postgresUrl());
      await seedIfEmpty(database.db, { products: PRODUCTS, seed: 2026 });
      const loaded = await loadSnapshot(database.db);
      if (!loaded) throw new Error('no snapshot');
      snapshot = loaded;
    });
    afterAll(() => database?.close());

    /**
     * Compares one text: the same products as the SQL, or, for several words none of which may have
     * a typo, at least the SQL's (the index takes them in any order).
     */
    async function sameHits(text: string): Promise<void> {
      const cleaned = cleanQuery(text);
      const actual = Array.from(
        snapshot.text.match(text),
        (position) => snapshot.products[position]?.id ?? 0,
      ).sort((a, b) => a - b);
      if (cleaned === '') {
        expect(actual, JSON.stringify(text)).toEqual([]);
        return;
      }
      const match = textMatch(cleaned);
      const expected = (
        await selectRows<{ id: number }>(
          database.db,
          sql`select p.id from products p where p.is_active and ${anyMatch(match)} order by p.id`,
        )
      ).map((row) => row.id);
      compared += 1;
      if (match.fuzzy === null && plain(cleaned) !== queryWords(cleaned).join('')) {
        // A set, not arrayContaining: a prefix of one letter matches thousands of products.
        const found = new Set(actual);
        expect(
          expected.filter((id) => !found.has(id)),
          JSON.stringify(text),
        ).toEqual([]);
        if (actual.length > expected.length) wider += 1;
      } else expect(actual, JSON.stringify(text)).toEqual(expected);
    }

    it('holds the whole catalogue', () => {
      expect(snapshot.products.length).toBeGreaterThan(PRODUCTS * 0.9);
    });

    it('finds what the SQL finds for random names with random typos, prefixes and accents dropped', {
      timeout: 120_000,
    }, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(PRODUCTS * 2),
          fc.nat(10),
          fc.array(fc.array(edit, { maxLength: 2 }), { maxLength: 6 }),
          fc.constantFrom('as typed', 'plain', 'prefix'),
          async (pick, from, edits, form) => {
            const { name } = snapshot.products[pick % snapshot.products.length] as { name: string };
            const words = name.split(' ');
            const start = from % words.length;
            const taken = words.slice(start, start + 1 + (from % 3));
            // Each word gets at most as many typos as its length allows (none below five letters).
            const typed = taken.map((word, at) => {
              const budget = typoBudget(plain(word));
              return (edits[at] ?? []).slice(0, budget).reduce(applyEdit, plain(word));
            });
            const text =
              form === 'prefix'
                ? name.slice(0, 1 + (pick % name.length))
                : form === 'plain'
                  ? typed.join(' ')
                  : taken.join(' ');
            await sameHits(text);
          },
        ),
        { numRuns: 250 },
      );
    });

    it('finds what the SQL finds for the realistic texts: prefixes, typos, references, accents, two words', {
      timeout: 120_000,
    }, async () => {
      const texts: RealisticText[] = realisticSearchTexts(snapshot.products, { count: 400, seed: 29 });
      const kinds = new Set(texts.map((text) => text.kind));
      expect([...kinds].sort()).toEqual(['accents', 'prefix', 'reference', 'two words', 'typo']);
      for (const { text } of texts) await sameHits(text);
      // The words-in-any-order direction was met, not only assumed.
      expect(wider).toBeGreaterThan(0);
      expect(compared).toBeGreaterThan(400);
    });
  },
);
