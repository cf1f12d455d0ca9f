/** The command line of `scripts/seed.ts`: `--products N --seed S [--reset]`, checked with clear messages. */
import { parseArgs } from 'node:util';
import {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  MAX_PRODUCT_COUNT,
  MIN_PRODUCT_COUNT,
} from './generate-demo-data.ts';

/** What the seed command was asked to do. */
export interface SeedArguments {
  products: number;
  seed: number | string;
  reset: boolean;
  help: boolean;
}

export const SEED_USAGE = `Usage: pnpm --filter @botica/api seed [--products N] [--seed S] [--reset]

  --products N  how many products to generate, ${MIN_PRODUCT_COUNT}–${MAX_PRODUCT_COUNT} (default ${DEFAULT_PRODUCT_COUNT})
  --seed S      the random seed, a number or a word (default ${DEFAULT_SEED})
  --reset       empty every table first (TRUNCATE … RESTART IDENTITY CASCADE)
  --help        show this help

The database is DATABASE_URL when set, else the PGlite folder DATA_DIR (default apps/api/.data/pglite).`;

/**
 * Parses the seed command's arguments.
 * @example parseSeedArguments(['--products', '20000', '--seed', '7']) // { products: 20000, seed: 7, reset: false, help: false }
 * @throws Error with a message for the person at the terminal: unknown flags, missing values, bad numbers.
 */
export function parseSeedArguments(argv: readonly string[]): SeedArguments {
  let values: { products?: string; seed?: string; reset?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        products: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }

  let products = DEFAULT_PRODUCT_COUNT;
  if (values.products !== undefined) {
    const text = values.products.replace(/[_,.]/g, '');
    products = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(products) || products < MIN_PRODUCT_COUNT || products > MAX_PRODUCT_COUNT) {
      throw new Error(
        `--products must be a whole number from ${MIN_PRODUCT_COUNT} to ${MAX_PRODUCT_COUNT}, got "${values.products}".`,
      );
    }
  }

  let seed: number | string = DEFAULT_SEED;
  if (values.seed !== undefined) {
    const text = values.seed.trim();
    if (text === '') throw new Error('--seed must not be empty.');
    seed = /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
  }

  return { products, seed, reset: values.reset ?? false, help: values.help ?? false };
}
