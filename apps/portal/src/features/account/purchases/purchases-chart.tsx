/**
 * The account's purchases per month against the monthly cap: the last 12 Madrid months as a bar
 * chart drawn by hand in SVG, the cap as a line across it, or the same figures as a table ('Ver como
 * tabla'). The chart is one image for screen readers, named and described in words: the months it
 * covers, the highest month, this month and the cap; the table gives every month.
 */
import type { MonthPurchases } from '@botica/api-client/schemas';
import { eurosToCents, formatEuros } from '@botica/domain';
import { Button } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { monthAbbreviation, monthName } from './month-labels.ts';
import { purchasesByMonthQuery } from './queries.ts';
import './purchases-chart.css';

/** The chart's height in CSS pixels; its width is its box's, so its text keeps its size on any screen. */
const HEIGHT = 240;
/** The width drawn before the box is measured, and the narrowest drawn. */
const DEFAULT_WIDTH = 480;
const MIN_WIDTH = 240;
const PLOT = { left: 8, right: 8, top: 24, bottom: 28 } as const;

/** A round top for the axis above both the highest month and the cap. */
function scaleTop(cents: number): number {
  if (cents <= 0) return 100_00;
  const magnitude = 10 ** Math.floor(Math.log10(cents));
  const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const step = steps.find((candidate) => candidate * magnitude >= cents * 1.1) ?? 10;
  return step * magnitude;
}

/** The chart's description in words: what a sighted pharmacist reads off the bars at a glance. */
function describe(months: readonly MonthPurchases[], capCents: number): string {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return '';
  const highest = months.reduce((best, month) => (month.spent > best.spent ? month : best), first);
  const over = months.filter((month) => eurosToCents(month.spent) > capCents).length;
  return [
    `Compras de ${monthName(first.month)} a ${monthName(last.month)}.`,
    `El mes más alto fue ${monthName(highest.month)}, con ${formatEuros(eurosToCents(highest.spent))}.`,
    `Este mes llevas ${formatEuros(eurosToCents(last.spent))}.`,
    `El límite mensual es de ${formatEuros(capCents)}${over > 0 ? `; ${over === 1 ? 'un mes lo superó' : `${over} meses lo superaron`}` : ''}.`,
  ].join(' ');
}

function Chart({
  months,
  capCents,
  labelId,
  descriptionId,
}: {
  months: readonly MonthPurchases[];
  capCents: number;
  labelId: string;
  descriptionId: string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(MIN_WIDTH, Math.round(entry.contentRect.width)));
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  const top = scaleTop(Math.max(capCents, ...months.map((month) => eurosToCents(month.spent))));
  const plotWidth = width - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (cents: number) => PLOT.top + plotHeight - (cents / top) * plotHeight;
  const slot = plotWidth / Math.max(months.length, 1);
  const barWidth = slot * 0.62;
  // Three letters need about 32 px: on a phone each month goes by its initial, as printed calendars do.
  const isNarrow = slot < 32;
  const capY = y(capCents);
  return (
    <svg
      className="purchases-chart__svg"
      ref={ref}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
    >
      <title id={labelId}>Gráfico de barras de tus compras por mes y el límite mensual</title>
      <line className="purchases-chart__axis" x1={PLOT.left} x2={width - PLOT.right} y1={y(0)} y2={y(0)} />
      {months.map((month, index) => {
        const cents = eurosToCents(month.spent);
        const barTop = y(cents);
        const x = PLOT.left + index * slot + (slot - barWidth) / 2;
        const isCurrent = index === months.length - 1;
        return (
          <g key={month.month}>
            <rect
              className={`purchases-chart__bar${cents > capCents ? ' purchases-chart__bar--over' : ''}${isCurrent ? ' purchases-chart__bar--current' : ''}`}
              x={x}
              y={barTop}
              width={barWidth}
              height={Math.max(y(0) - barTop, 0)}
              rx={2}
            />
            <text className="purchases-chart__month" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
              {isNarrow
                ? monthAbbreviation(month.month).charAt(0).toUpperCase()
                : monthAbbreviation(month.month)}
            </text>
          </g>
        );
      })}
      <line className="purchases-chart__cap" x1={PLOT.left} x2={width - PLOT.right} y1={capY} y2={capY} />
      <text className="purchases-chart__cap-label" x={width - PLOT.right} y={capY - 6} textAnchor="end">
        Límite {formatEuros(capCents)}
      </text>
    </svg>
  );
}

function PurchasesTable({ months, capCents }: { months: readonly MonthPurchases[]; capCents: number }) {
  return (
    <table className="purchases-chart__table">
      <caption>Compras por mes (límite mensual: {formatEuros(capCents)})</caption>
      <thead>
        <tr>
          <th scope="col">Mes</th>
          <th scope="col">Compras</th>
          <th scope="col">Del límite</th>
        </tr>
      </thead>
      <tbody>
        {[...months].reverse().map((month) => {
          const cents = eurosToCents(month.spent);
          const share = capCents > 0 ? Math.round((cents * 100) / capCents) : 0;
          return (
            <tr key={month.month}>
              <th scope="row">{monthName(month.month)}</th>
              <td>{formatEuros(cents)}</td>
              <td>{share} %</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The account's section 'Compras por mes': the chart or its table, for the session's pharmacy. */
export function PurchasesByMonthSection({ clientId }: { clientId: number }) {
  const { data, isError } = useQuery(purchasesByMonthQuery(clientId));
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const purchases = data?.data;
  const capCents = purchases ? eurosToCents(purchases.cap) : 0;
  return (
    <section className="purchases-chart" aria-labelledby={titleId}>
      <div className="purchases-chart__head">
        <h2 className="account__section-title purchases-chart__title" id={titleId}>
          Compras por mes
        </h2>
        {purchases ? (
          <Button variant="secondary" size="sm" onPress={() => setAsTable((current) => !current)}>
            {asTable ? 'Ver como gráfico' : 'Ver como tabla'}
          </Button>
        ) : null}
      </div>
      {isError ? <p>No hemos podido cargar tus compras por mes.</p> : null}
      {purchases && !asTable ? (
        <figure className="purchases-chart__figure">
          <Chart
            months={purchases.months}
            capCents={capCents}
            labelId={`${id}-chart`}
            descriptionId={descriptionId}
          />
          <figcaption id={descriptionId} className="purchases-chart__caption">
            {describe(purchases.months, capCents)}
          </figcaption>
        </figure>
      ) : null}
      {purchases && asTable ? <PurchasesTable months={purchases.months} capCents={capCents} /> : null}
      {!purchases && !isError ? <p aria-busy="true">Cargando tus compras…</p> : null}
    </section>
  );
}
