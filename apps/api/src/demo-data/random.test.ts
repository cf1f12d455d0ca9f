import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';

describe('the seeded random stream', () => {
  it('repeats itself for a seed and differs across seeds', () => {
    const draw = (seed: number | string) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw('1')).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('draws within bounds, evenly enough', () => {
    const random = createRandom('bounds');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let index = 0; index < 60_000; index += 1) {
      const value = random.int(1, 6);
      counts[value - 1] = (counts[value - 1] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    const weighted = Array.from({ length: 10_000 }, () =>
      random.weighted([
        ['a', 9],
        ['b', 1],
      ] as const),
    );
    expect(weighted.filter((value) => value === 'b').length).toBeGreaterThan(800);
    expect(weighted.filter((value) => value === 'b').length).toBeLessThan(1200);
  });

  it('samples distinct items and forks independent streams', () => {
    const random = createRandom(5);
    const sample = random.sample([1, 2, 3, 4, 5, 6, 7], 4);
    expect(new Set(sample).size).toBe(4);
    expect(random.sample([1, 2], 5)).toHaveLength(2);
    expect(() => random.pick([])).toThrow(RangeError);
    const fork = createRandom(9).fork('x');
    expect(fork.next()).toBe(createRandom(9).fork('x').next());
  });
});
