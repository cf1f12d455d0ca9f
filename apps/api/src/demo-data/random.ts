/**
 * A small seeded pseudo-random generator (sfc32, seeded through a 32-bit string hash) so the demo
 * data is the same on every machine for the same seed. Never `Math.random` in the demo data.
 */

/** Random choices drawn from one seeded stream. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` distinct elements (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A new independent stream derived from this one and a label. */
  fork(label: string): Random;
}

/** 32-bit FNV-1a hash of a text, the seed material of a stream. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * A seeded random stream: the same seed always gives the same sequence.
 * @example createRandom(42).int(1, 6)
 */
export function createRandom(seed: number | string): Random {
  const text = String(seed);
  let a = hash(`a:${text}`);
  let b = hash(`b:${text}`);
  let c = hash(`c:${text}`);
  let d = 1;

  function next(): number {
    // sfc32: small, fast and well distributed; state kept in unsigned 32-bit integers.
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  }
  // Discard the first outputs, which still echo the seed.
  for (let index = 0; index < 12; index += 1) next();

  const random: Random = {
    next,
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    chance(p) {
      return next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let target = next() * total;
      for (const [item, weight] of items) {
        target -= weight;
        if (target < 0) return item;
      }
      const last = items[items.length - 1];
      if (last === undefined) throw new RangeError('cannot pick from an empty list');
      return last[0];
    },
    sample(items, count) {
      const pool = [...items];
      const size = Math.min(count, pool.length);
      for (let index = 0; index < size; index += 1) {
        const swap = index + Math.floor(next() * (pool.length - index));
        [pool[index], pool[swap]] = [
          pool[swap] as (typeof pool)[number],
          pool[index] as (typeof pool)[number],
        ];
      }
      return pool.slice(0, size);
    },
    fork(label) {
      return createRandom(`${text}/${label}/${Math.floor(next() * 4294967296)}`);
    },
  };
  return random;
}
