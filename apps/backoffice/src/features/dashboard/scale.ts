/** The value axis of the dashboard's charts: a round top and evenly spaced ticks from 0. */

/** An axis from 0 to `max` in `ticks.length − 1` steps of `step`. */
export interface Scale {
  max: number;
  step: number;
  ticks: number[];
}

/**
 * The smallest round axis (steps of 1, 2, 2,5 or 5 × a power of ten, whole numbers when `isWhole`)
 * that holds `highest` in at most `steps` steps. An empty chart still gets an axis from 0 to 1 step.
 * @example niceScale(87, 4) // { max: 100, step: 25, ticks: [0, 25, 50, 75, 100] }
 */
export function niceScale(highest: number, steps = 4, isWhole = false): Scale {
  const top = Math.max(highest, 0);
  if (top === 0) return { max: 1, step: 1, ticks: [0, 1] };
  const rough = top / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multipliers = isWhole && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const found = multipliers.map((multiplier) => multiplier * power).find((candidate) => candidate >= rough);
  const step = Math.max(isWhole ? 1 : 0, found ?? 10 * power);
  const count = Math.ceil(top / step);
  const ticks = Array.from({ length: count + 1 }, (_, index) => index * step);
  return { max: count * step, step, ticks };
}

/** Where `value` falls on a scale, from 0 (the axis) to 1 (its top). */
export function scaled(value: number, scale: Scale): number {
  return Math.min(1, Math.max(0, value / scale.max));
}
