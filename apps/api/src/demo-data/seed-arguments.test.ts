import { describe, expect, it } from 'vitest';
import { parseSeedArguments } from './seed-arguments.ts';

describe('the seed command line', () => {
  it('defaults to the demo catalogue', () => {
    expect(parseSeedArguments([])).toEqual({ products: 320, seed: 2026, reset: false, help: false });
  });

  it('reads products, seed and reset', () => {
    expect(parseSeedArguments(['--products', '20_000', '--seed', '7', '--reset'])).toEqual({
      products: 20_000,
      seed: 7,
      reset: true,
      help: false,
    });
    expect(parseSeedArguments(['--products=500', '--seed=botica']).seed).toBe('botica');
  });

  it('explains bad flags', () => {
    expect(() => parseSeedArguments(['--products', 'many'])).toThrow(/--products must be a whole number/);
    expect(() => parseSeedArguments(['--products', '10'])).toThrow(/from 50 to 200000/);
    expect(() => parseSeedArguments(['--products'])).toThrow(/argument missing/);
    expect(() => parseSeedArguments(['--seed', ' '])).toThrow(/--seed must not be empty/);
    expect(() => parseSeedArguments(['--force'])).toThrow(/Unknown option '--force'/);
    expect(() => parseSeedArguments(['extra'])).toThrow(/Unexpected argument/);
  });
});
