/**
 * The text index beside two libraries (not a test): `pnpm --filter @botica/api bench:engines`.
 * On the demo generator's catalogue (`BENCH_PRODUCTS`, default 20,000, seeded into an in-memory
 * PGlite), 3,000 distinct texts as pharmacists type them (`BENCH_TEXTS`; a seeded generator: names
 * letter by letter, typos, references in every form, accents dropped, two words in any order) go to
 * our index (`src/search/text-index.ts`), MiniSearch (prefix and fuzzy search, every word required)
 * and FlexSearch (forward tokenizer). For each: build time, memory (heap and buffers grown, after a
 * full collection), time per text (p50/p95/p99, all matches asked), and quality against the SQL the
 * index replaces: the share of texts whose SQL first page (20 ids) is all in the engine's first page,
 * and for the typos, the share that find the product the word was taken from. Then our index alone on
 * `BENCH_LARGE` products (default 200,000, generated without a database).
 *
 * Everything runs in this process, so there is no server to ask for `/healthz`: beside every figure
 * stand the load average and the time of a fixed piece of work (`calibration`), both taken in the
 * same run, which tell a busy machine from a slow engine.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { Charset, Index } from 'flexsearch';
import MiniSearch from 'minisearch';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { generateDemoData, seedIfEmpty } from '../src/demo-data/index.ts';
import { CatalogueSnapshot, type SnapshotRows } from '../src/search/catalogue-index-snapshot.ts';
import { buildTextIndex, type IndexedText } from '../src/search/text-index.ts';
import {
  anyMatch,
  cleanQuery,
  normaliseReference,
  queryWords,
  textMatch,
  typoBudget,
} from '../src/search/text-match.ts';
import { random, stripAccents } from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const TEXTS = Number(process.env.BENCH_TEXTS ?? 3_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 200_000);
const PAGE = 20;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (the bench:engines script does)');

interface Product extends IndexedText {
  id: number;
}

type Kind = 'prefix' | 'typo' | 'reference' | 'accents' | 'any order';

interface Text {
  text: string;
  kind: Kind;
  /** The product the text was taken from. */
  source: number;
}

interface Engine {
  name: string;
  build(products: readonly Product[]): { search(text: string): number[] };
}

function plain(text: string): string {
  return stripAccents(text).toLowerCase();
}

/** Texts as typed, distinct, from a seeded generator. */
function generateTexts(products: readonly Product[], count: number, seed: number): Text[] {
  const next = random(seed);
  const below = (limit: number) => Math.floor(next() * limit);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const typo = (word: string) => {
    const at = below(word.length);
    const letter = letters[below(letters.length)] ?? 'a';
    switch (below(4)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1);
      case 1:
        return word.slice(0, at) + letter + word.slice(at);
      case 2:
        return word.slice(0, at) + letter + word.slice(at + 1);
      default:
        return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
    }
  };
  const kinds: Kind[] = ['prefix', 'prefix', 'typo', 'reference', 'accents', 'any order'];
  const texts = new Map<string, Text>();
  for (let attempt = 0; texts.size < count && attempt < count * 20; attempt += 1) {
    const product = products[below(products.length)] as Product;
    const words = product.name.split(' ');
    const kind = kinds[attempt % kinds.length] as Kind;
    let text = '';
    switch (kind) {
      case 'prefix': {
        const typed = product.name.slice(0, 1 + below(Math.min(product.name.length, 24)));
        text = below(2) === 0 ? plain(typed) : typed;
        break;
      }
      case 'typo': {
        const long = words.filter((word) => typoBudget(plain(word)) > 0);
        const word = long[below(long.length)];
        if (!word) continue;
        let typed = typo(plain(word));
        if (typoBudget(plain(word)) > 1 && below(2) === 0) typed = typo(typed);
        const other = words.find((each) => each !== word && /^\p{L}{3,}$/u.test(each));
        text = other && below(3) === 0 ? `${typed} ${plain(other)}` : typed;
        break;
      }
      case 'reference': {
        const { reference } = product;
        const digits = reference.replace(/\D/g, '');
        const forms = [
          reference,
          reference.toLowerCase().replace('-', ''),
          reference.toLowerCase().replace('-', ' '),
          reference.replace('-', '_'),
          digits,
          reference.slice(0, 3 + below(reference.length - 2)),
          digits.slice(0, 2 + below(digits.length - 1)),
        ];
        text = forms[below(forms.length)] ?? reference;
        break;
      }
      case 'accents':
        text = plain(words.slice(0, 1 + below(Math.min(3, words.length))).join(' '));
        break;
      default: {
        const named = words.filter((word) => /^\p{L}{2,}$/u.test(word));
        if (named.length < 2) continue;
        const first = below(named.length);
        const second = (first + 1 + below(named.length - 1)) % named.length;
        text = `${named[Math.max(first, second)]} ${named[Math.min(first, second)]}`;
        if (below(2) === 0) text = plain(text);
      }
    }
    if (cleanQuery(text) !== '' && !texts.has(text)) texts.set(text, { text, kind, source: product.id });
  }
  return [...texts.values()];
}

const ours: Engine = {
  name: 'our index',
  build(products) {
    const index = buildTextIndex(products);
    console.log(`  (our index counts ${(index.memoryBytes / 1_048_576).toFixed(1)} MB of its own)`);
    return {
      search: (text) => Array.from(index.match(text), (position) => (products[position] as Product).id),
    };
  },
};

const miniSearch: Engine = {
  name: 'MiniSearch',
  build(products) {
    const index = new MiniSearch<Product & { code: string }>({
      fields: ['name', 'reference', 'code'],
      processTerm: (term) => plain(term),
      searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' },
    });
    index.addAll(products.map((product) => ({ ...product, code: normaliseReference(product.reference) })));
    return { search: (text) => index.search(text).map((result) => result.id as number) };
  },
};

const flexSearch: Engine = {
  name: 'FlexSearch',
  build(products) {
    const index = new Index({ tokenize: 'forward', encoder: Charset.Normalize });
    for (const product of products)
      index.add(product.id, `${product.name} ${product.reference} ${normaliseReference(product.reference)}`);
    return { search: (text) => index.search(text, { limit: products.length }) as number[] };
  },
};

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Sums a fixed array: the same work every time, timed to show how busy the machine is. */
const calibrationData = Float64Array.from({ length: 1_000_000 }, (_, index) => index % 7);
function calibration(): string {
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    let sum = 0;
    for (let index = 0; index < calibrationData.length; index += 1) sum += calibrationData[index] as number;
    times.push(performance.now() - started + (sum < 0 ? 1 : 0));
  }
  times.sort((a, b) => a - b);
  return `calibration ${(times[2] as number).toFixed(2)} ms`;
}

function load(): string {
  return `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}

/** Heap and buffers in use after full collections (with a turn between, for finalisers to run). */
async function memory(): Promise<number> {
  for (let round = 0; round < 5; round += 1) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

interface Measured {
  buildMs: number;
  bytes: number;
  times: Float64Array;
  answers: number[][];
}

async function measure(
  engine: Engine,
  products: readonly Product[],
  texts: readonly Text[],
): Promise<Measured> {
  const before = await memory();
  const started = performance.now();
  const built = engine.build(products);
  const buildMs = performance.now() - started;
  const bytes = (await memory()) - before;
  // One pass to warm the code up, then the timed one.
  for (const { text } of texts) built.search(text);
  const times = new Float64Array(texts.length);
  const answers: number[][] = [];
  texts.forEach(({ text }, index) => {
    const at = performance.now();
    const answer = built.search(text);
    times[index] = performance.now() - at;
    answers.push(answer);
  });
  times.sort();
  return { buildMs, bytes, times, answers };
}

function figures({ buildMs, bytes, times }: Measured): string {
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  return `build ${buildMs.toFixed(0)} ms, memory ${(bytes / 1_048_576).toFixed(1)} MB, per text p50 ${ms(
    percentile(times, 50),
  )}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}`;
}

calibration(); // its first run compiles the loop
console.log(`search engines: ${PRODUCTS} products, ${TEXTS} texts; ${load()}; ${calibration()}`);
const share = (count: number, of: number) => `${((100 * count) / Math.max(1, of)).toFixed(1)} %`;

/**
 * The catalogue seeded into PGlite, the texts, and the SQL's answers; in a function so that the
 * database is garbage before the engines' memory is measured.
 */
async function readCatalogue() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const seeded = performance.now();
  await seedIfEmpty(database.db, { products: PRODUCTS, seed: 2026 });
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const products = await selectRows<Product>(
    database.db,
    sql`select id, name, reference from products where is_active order by name, id`,
  );
  const texts = generateTexts(products, TEXTS, 29);
  const counts = new Map<Kind, number>();
  for (const { kind } of texts) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  console.log(`  texts: ${[...counts].map(([kind, count]) => `${count} ${kind}`).join(', ')}`);

  // The SQL's first page of each text: what the search box showed before the index.
  const truthStarted = performance.now();
  const truth: number[][] = [];
  /** How many products the SQL matches, and whether the index must match as many (else at least as many). */
  const totals: { total: number; same: boolean }[] = [];
  let sqlTypoFound = 0;
  let sqlTypoFirstPage = 0;
  for (const { text, kind, source } of texts) {
    const match = textMatch(cleanQuery(text));
    const rows = await selectRows<{ id: number; total: number | string }>(
      database.db,
      sql`select p.id, count(*) over () as total from products p where p.is_active and ${anyMatch(match)}
          order by ${match.tier}, case when ${match.tier} = 5 then ${match.score} else 1 end desc, p.name, p.id
          limit ${PAGE}`,
    );
    truth.push(rows.map((row) => row.id));
    // Several words none of which may have a typo: the SQL has no pass that finds them apart.
    const words = queryWords(cleanQuery(text));
    const apart = match.fuzzy === null && plain(cleanQuery(text)) !== words.join('');
    totals.push({ total: Number(rows[0]?.total ?? 0), same: !apart });
    if (kind !== 'typo') continue;
    if (rows.some((row) => row.id === source)) sqlTypoFirstPage += 1;
    const found = await selectRows<{ id: number }>(
      database.db,
      sql`select p.id from products p where p.id = ${source} and ${anyMatch(match)}`,
    );
    if (found.length > 0) sqlTypoFound += 1;
  }
  await database.close();
  const typoCount = texts.filter(({ kind }) => kind === 'typo').length;
  console.log(
    `  SQL first pages: ${((performance.now() - truthStarted) / texts.length).toFixed(1)} ms a text on PGlite; ` +
      `typo recall ${share(sqlTypoFound, typoCount)} (first page ${share(sqlTypoFirstPage, typoCount)}); ${load()}`,
  );
  return { products, texts, truth, totals };
}

const { products, texts, truth, totals } = await readCatalogue();

for (const engine of [ours, miniSearch, flexSearch]) {
  const measured = await measure(engine, products, texts);
  const wholeByKind = new Map<Kind, [number, number]>();
  let whole = 0;
  let answered = 0;
  let gained = 0;
  let typos = 0;
  let typoFound = 0;
  let typoFirstPage = 0;
  texts.forEach(({ kind, source }, index) => {
    const expected = truth[index] as number[];
    const answer = measured.answers[index] as number[];
    const page = new Set(answer.slice(0, PAGE));
    if (expected.length === 0) {
      if (answer.length > 0) gained += 1;
    } else {
      answered += 1;
      const held = expected.every((id) => page.has(id));
      if (held) whole += 1;
      const [kindWhole, kindAnswered] = wholeByKind.get(kind) ?? [0, 0];
      wholeByKind.set(kind, [kindWhole + (held ? 1 : 0), kindAnswered + 1]);
    }
    if (kind === 'typo') {
      typos += 1;
      if (answer.includes(source)) typoFound += 1;
      if (page.has(source)) typoFirstPage += 1;
    }
  });
  console.log(`${engine.name}: ${figures(measured)}; ${load()}; ${calibration()}`);
  console.log(
    `  quality: SQL first page whole in the first page ${share(whole, answered)} of ${answered} texts; ` +
      `typo recall ${share(typoFound, typos)} (first page ${share(typoFirstPage, typos)}) of ${typos}; ` +
      `answers where the SQL had none: ${gained} of ${texts.length - answered}`,
  );
  if (engine === ours) {
    let same = 0;
    let wider = 0;
    let wrong = 0;
    totals.forEach(({ total, same: mustEqual }, index) => {
      const found = (measured.answers[index] as number[]).length;
      if (found === total) same += 1;
      else if (!mustEqual && found > total) wider += 1;
      else wrong += 1;
    });
    console.log(
      `  as many matches as the SQL: ${same} texts; more, with words in any order: ${wider}; otherwise: ${wrong}`,
    );
  }
  console.log(
    `  first page by kind: ${[...wholeByKind].map(([kind, [held, of]]) => `${kind} ${share(held, of)}`).join(', ')}`,
  );
}

/**
 * The whole catalogue snapshot the API holds per process (the text index, the category and tag
 * bitsets, the orders, the pages' columns, the special prices and the pharmacies' groups), built from
 * the generator's rows without a database: build time and memory, as the heap grew and by its own count.
 */
async function snapshotFigures(data: ReturnType<typeof generateDemoData>): Promise<string> {
  const active = data.products
    .filter((product) => product.isActive !== false)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : (a.id ?? 0) - (b.id ?? 0)));
  const ranks = new Map(
    [...active]
      .sort((a, b) =>
        a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : (a.id ?? 0) - (b.id ?? 0),
      )
      .map((product, index) => [product.id ?? 0, index + 1]),
  );
  const activeIds = new Set(active.map((product) => product.id ?? 0));
  const rows: SnapshotRows = {
    epoch: 1,
    products: active.map((product) => ({
      id: product.id ?? 0,
      name: product.name,
      reference: product.reference,
      format: product.format ?? '',
      price_cents: product.priceCents,
      vat_rate: product.vatRate,
      stock_units: product.stockUnits,
      image_count: product.imageCount ?? 0,
      image_hue: product.imageHue ?? 140,
      picture_version: null,
      reference_rank: ranks.get(product.id ?? 0) ?? 0,
    })),
    categories: data.categories.map((category) => ({
      id: category.id ?? 0,
      name: category.name,
      slug: category.slug,
      parent_id: category.parentId ?? null,
    })),
    tags: data.tags.map((tag) => ({ id: tag.id ?? 0, name: tag.name, slug: tag.slug })),
    productCategories: data.productCategories.map((link) => ({
      product_id: link.productId,
      category_id: link.categoryId,
    })),
    productTags: data.productTags.map((link) => ({ product_id: link.productId, tag_id: link.tagId })),
    specialPrices: data.specialPrices
      .filter((price) => activeIds.has(price.productId))
      .map((price) => ({
        discount_group_id: price.discountGroupId,
        product_id: price.productId,
        price_cents: price.priceCents,
      })),
    clientGroups: data.clients.flatMap((client) =>
      client.discountGroupId == null
        ? []
        : [{ client_id: client.id ?? 0, discount_group_id: client.discountGroupId }],
    ),
  };
  const before = await memory();
  const started = performance.now();
  const snapshot = new CatalogueSnapshot(rows);
  const buildMs = performance.now() - started;
  const bytes = (await memory()) - before;
  return `the whole snapshot on ${active.length} products (${rows.specialPrices.length} special prices, ${rows.clientGroups.length} pharmacies with a group): build ${buildMs.toFixed(0)} ms, memory ${(bytes / 1_048_576).toFixed(1)} MB (${(snapshot.memoryBytes / 1_048_576).toFixed(1)} MB by its own count)`;
}

console.log(
  `${await snapshotFigures(generateDemoData({ products: PRODUCTS, seed: 2026, now: new Date(), passwordHash: 'bench' }))}; ${load()}; ${calibration()}`,
);

// Our index alone on a large catalogue, from the generator without a database; then the whole snapshot.
if (LARGE > 0) {
  const data = generateDemoData({ products: LARGE, seed: 2026, now: new Date(), passwordHash: 'bench' });
  const large = data.products
    .filter((product) => product.isActive !== false)
    .map(({ id, name, reference }) => ({ id, name, reference }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  const largeTexts = generateTexts(large, TEXTS, 31);
  console.log(
    `our index on ${large.length} products: ${figures(await measure(ours, large, largeTexts))}; ${load()}; ${calibration()}`,
  );
  console.log(`${await snapshotFigures(data)}; ${load()}; ${calibration()}`);
}
