/**
 * A figure beside the one it is compared with, in words and a direction, so a card never says it
 * with colour alone: '+12 % respecto a ayer', '−5 % respecto al mes anterior'.
 */
import { formatPercent } from '@botica/domain';

/** Which way a figure moved. */
export type Trend = 'up' | 'down' | 'same';

/** A comparison: its direction and its words. */
export interface Comparison {
  trend: Trend;
  text: string;
}

const MINUS = '\u2212';

/** The words of the period a figure is compared with. */
export interface Against {
  /** After a percentage: 'respecto a ayer'. */
  relative: string;
  /** The period itself, for a comparison with nothing: 'ayer a esta hora'. */
  period: string;
}

/**
 * `current` against `previous`, as a whole percentage and the period's words. Against nothing a
 * percentage has no meaning: the words say there was nothing instead.
 * @example compareFigures(112, 100, { relative: 'respecto a ayer', period: 'ayer a esta hora' })
 * // { trend: 'up', text: '+12 % respecto a ayer' }
 */
export function compareFigures(current: number, previous: number, against: Against): Comparison {
  if (previous === 0) {
    if (current === 0) return { trend: 'same', text: `Igual que ${against.period} (0)` };
    return { trend: 'up', text: `Más que ${against.period} (0)` };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { trend: 'same', text: `Sin cambios ${against.relative}` };
  const sign = percent > 0 ? '+' : MINUS;
  return {
    trend: percent > 0 ? 'up' : 'down',
    text: `${sign}${formatPercent(Math.abs(percent))} ${against.relative}`,
  };
}
