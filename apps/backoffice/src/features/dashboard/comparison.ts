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

/**
 * `current` against `previous`, as a whole percentage and the period's words (`respecto a ayer`). With
 * nothing before, the percentage has no meaning: the words say what there was instead.
 * @example compareFigures(112, 100, 'respecto a ayer') // { trend: 'up', text: '+12 % respecto a ayer' }
 */
export function compareFigures(current: number, previous: number, against: string): Comparison {
  if (previous === 0) {
    if (current === 0) return { trend: 'same', text: `Sin cambios: 0 ${against}` };
    return { trend: 'up', text: `Sube desde 0 ${against}` };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { trend: 'same', text: `Sin cambios ${against}` };
  const sign = percent > 0 ? '+' : MINUS;
  return {
    trend: percent > 0 ? 'up' : 'down',
    text: `${sign}${formatPercent(Math.abs(percent))} ${against}`,
  };
}
