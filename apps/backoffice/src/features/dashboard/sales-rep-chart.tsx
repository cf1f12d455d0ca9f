/**
 * This month's amount per sales rep as a horizontal bar chart drawn by hand in SVG: each bar with
 * its rep's name before it and the amount after it in text, so no figure hangs on a colour or a
 * length alone. The table behind 'Ver como tabla' has the orders too.
 */
import type { SalesRepMonth } from '@botica/api-client/admin';
import { eurosToCents, formatCount, formatEuros } from '@botica/domain';
import { ChartTable } from './chart-table.tsx';
import { niceScale, scaled } from './scale.ts';

const WIDTH = 720;
const ROW = 32;
const NAME = 200;
const VALUE = 120;
const TOP = 4;

const cents = eurosToCents;

/** What the chart shows, in one sentence for its image's label. */
export function salesRepSummary(reps: readonly SalesRepMonth[]): string {
  if (reps.length === 0) return 'Sin comerciales.';
  const parts = reps.map((rep) => `${rep.name}, ${formatEuros(cents(rep.amount))}`);
  return `Importe del mes por comercial: ${parts.join('; ')}.`;
}

export function SalesRepChart({ reps }: { reps: readonly SalesRepMonth[] }) {
  const scale = niceScale(Math.max(0, ...reps.map((rep) => rep.amount)));
  const height = TOP * 2 + ROW * Math.max(reps.length, 1);
  const plotWidth = WIDTH - NAME - VALUE;
  return (
    <figure className="bo-chart" aria-labelledby="sales-rep-title">
      <h2 id="sales-rep-title" className="bo-chart__title">
        Importe del mes por comercial
      </h2>
      <svg
        className="bo-chart__svg"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={salesRepSummary(reps)}
      >
        {reps.map((rep, index) => {
          const y = TOP + index * ROW;
          const width = plotWidth * scaled(rep.amount, scale);
          return (
            <g key={rep.id ?? 'none'}>
              <text
                className="bo-chart__label"
                x={NAME - 8}
                y={y + ROW / 2}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {rep.name.length > 26 ? `${rep.name.slice(0, 25)}…` : rep.name}
              </text>
              <rect
                className="bo-chart__bar"
                x={NAME}
                y={y + 6}
                width={Math.max(width, 1)}
                height={ROW - 12}
              />
              <text
                className="bo-chart__value"
                x={NAME + width + 8}
                y={y + ROW / 2}
                dominantBaseline="middle"
              >
                {formatEuros(cents(rep.amount))}
              </text>
            </g>
          );
        })}
        <line className="bo-chart__axis" x1={NAME} x2={NAME} y1={TOP} y2={height - TOP} />
      </svg>
      <ChartTable
        caption="Importe del mes por comercial"
        headers={['Comercial', 'Pedidos', 'Importe']}
        rows={reps.map((rep) => ({
          key: String(rep.id ?? 'none'),
          cells: [rep.name, formatCount(rep.count), formatEuros(cents(rep.amount))],
        }))}
      />
    </figure>
  );
}
