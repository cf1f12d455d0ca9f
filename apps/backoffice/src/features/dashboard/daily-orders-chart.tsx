/**
 * The orders of the last 90 days as a bar chart drawn by hand in SVG: one bar a day, the value axis
 * on round steps, the first of each month named under the axis. The drawing is one image with a
 * summary for a screen reader; the table behind 'Ver como tabla' holds every day.
 */
import type { DailyOrders } from '@botica/api-client/admin';
import { eurosToCents, formatCount, formatEuros } from '@botica/domain';
import { ChartTable } from './chart-table.tsx';
import { niceScale, scaled } from './scale.ts';

const WIDTH = 1000;
const HEIGHT = 280;
const LEFT = 48;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 32;
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-11-28' → '28/11/2026' (the day is a calendar date: no time zone to apply). */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** What the chart shows, in one sentence for its image's label. */
export function dailySummary(days: readonly DailyOrders[]): string {
  if (days.length === 0) return 'Sin datos.';
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const most =
    busiest.count > 0 ? `; el día con más, ${dayLabel(busiest.date)}, con ${formatCount(busiest.count)}` : '';
  return `Pedidos por día del ${dayLabel(first)} al ${dayLabel(last)}: ${formatCount(total)} en total${most}.`;
}

export function DailyOrdersChart({ days }: { days: readonly DailyOrders[] }) {
  const scale = niceScale(Math.max(0, ...days.map((day) => day.count)), 4, true);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(days.length, 1);
  const bar = Math.max(1, slot * 0.7);
  const y = (value: number) => TOP + plotHeight * (1 - scaled(value, scale));
  return (
    <figure className="bo-chart" aria-labelledby="daily-orders-title">
      <h2 id="daily-orders-title" className="bo-chart__title">
        Pedidos por día (últimos 90 días)
      </h2>
      <svg
        className="bo-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={dailySummary(days)}
      >
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line className="bo-chart__grid" x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} />
            <text
              className="bo-chart__tick"
              x={LEFT - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = LEFT + index * slot + (slot - bar) / 2;
          const top = y(day.count);
          const [, month, dayOfMonth] = day.date.split('-');
          return (
            <g key={day.date}>
              {day.count > 0 ? (
                <rect className="bo-chart__bar" x={x} y={top} width={bar} height={TOP + plotHeight - top} />
              ) : null}
              {dayOfMonth === '01' ? (
                <>
                  <line
                    className="bo-chart__axis"
                    x1={x + bar / 2}
                    x2={x + bar / 2}
                    y1={TOP + plotHeight}
                    y2={TOP + plotHeight + 4}
                  />
                  <text className="bo-chart__tick" x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle">
                    {`1 ${MONTHS[Number(month) - 1] ?? ''}`}
                  </text>
                </>
              ) : null}
            </g>
          );
        })}
        <line
          className="bo-chart__axis"
          x1={LEFT}
          x2={WIDTH - RIGHT}
          y1={TOP + plotHeight}
          y2={TOP + plotHeight}
        />
      </svg>
      <ChartTable
        caption="Pedidos por día, últimos 90 días"
        headers={['Día', 'Pedidos', 'Importe']}
        rows={days.map((day) => ({
          key: day.date,
          cells: [dayLabel(day.date), formatCount(day.count), formatEuros(eurosToCents(day.amount))],
        }))}
      />
    </figure>
  );
}
