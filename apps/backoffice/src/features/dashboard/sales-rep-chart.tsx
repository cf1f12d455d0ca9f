/**
 * This month's amount per sales rep as a horizontal bar chart: each row the rep's name, a bar drawn
 * in SVG on a shared scale, and the amount in text, so no figure hangs on a length or a colour alone
 * and the words keep their size at any width. One image with a summary for a screen reader; the
 * table behind 'Ver como tabla' has the orders too.
 */
import type { SalesRepMonth } from '@botica/api-client/admin';
import { eurosToCents, formatCount, formatEuros } from '@botica/domain';
import { ChartTable } from './chart-table.tsx';
import { niceScale, scaled } from './scale.ts';

const amount = (rep: SalesRepMonth) => formatEuros(eurosToCents(rep.amount));

/** What the chart shows, in one sentence for its image's label. */
export function salesRepSummary(reps: readonly SalesRepMonth[]): string {
  if (reps.length === 0) return 'Sin comerciales.';
  return `Importe del mes por comercial: ${reps.map((rep) => `${rep.name}, ${amount(rep)}`).join('; ')}.`;
}

export function SalesRepChart({ reps }: { reps: readonly SalesRepMonth[] }) {
  const scale = niceScale(Math.max(0, ...reps.map((rep) => rep.amount)));
  return (
    <figure className="bo-chart" aria-labelledby="sales-rep-title">
      <h2 id="sales-rep-title" className="bo-chart__title">
        Importe del mes por comercial
      </h2>
      <div className="bo-bars" role="img" aria-label={salesRepSummary(reps)}>
        {reps.map((rep) => (
          <div key={rep.id ?? 'none'} className="bo-bars__row">
            <span className="bo-bars__name">{rep.name}</span>
            <svg
              className="bo-bars__track"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <rect
                className="bo-chart__bar"
                x={0}
                y={0}
                width={Math.max(0.5, 100 * scaled(rep.amount, scale))}
                height={10}
              />
            </svg>
            <span className="bo-bars__value">{amount(rep)}</span>
          </div>
        ))}
      </div>
      <ChartTable
        caption="Importe del mes por comercial"
        headers={['Comercial', 'Pedidos', 'Importe']}
        rows={reps.map((rep) => ({
          key: String(rep.id ?? 'none'),
          cells: [rep.name, formatCount(rep.count), amount(rep)],
        }))}
      />
    </figure>
  );
}
