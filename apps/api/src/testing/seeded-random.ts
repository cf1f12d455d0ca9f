/**
 * The one small seeded generator the benchmarks and the search tests share (a linear congruential
 * one): the same seed gives the same numbers on every run, so a benchmark drives the same requests
 * and a failing test names a seed that replays it.
 */

/** Numbers in [0, 1) from `seed`, the same sequence for the same seed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Whole numbers in [0, limit) from `seed`: `random`'s, scaled. */
export function randomBelow(seed: number): (limit: number) => number {
  const next = random(seed);
  return (limit) => Math.floor(next() * limit);
}
