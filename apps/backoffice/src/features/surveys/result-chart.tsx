/**
 * One question's results as a horizontal bar chart, drawn like the dashboard's: each row its option
 * (or rating), a bar in SVG as long as its share of the question's answers, and the count with that
 * share in text, so no figure hangs on a length or a colour alone. One image with a summary for a
 * screen reader, and the same figures as a table behind 'Ver como tabla'.
 */
import type { SurveyQuestionResult } from '@botica/api-client/admin';
import { formatCount } from '@botica/domain';
import { ChartTable } from '../dashboard/chart-table.tsx';
import '../dashboard/dashboard.css';

/** A row of the chart: what was chosen and how many chose it. */
export interface ResultBar {
  key: string;
  label: string;
  count: number;
}

const percentFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
const meanFormat = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A share of the answers as Spanish writes it: '67 %' (0 % without answers). */
export function shareText(count: number, answered: number): string {
  return `${percentFormat.format(answered === 0 ? 0 : (100 * count) / answered)} %`;
}

/** A rating's mean: '4,20 de 5', or 'sin valoraciones'. */
export function meanText(mean: number | null): string {
  return mean === null ? 'sin valoraciones' : `${meanFormat.format(mean)} de 5`;
}

/** The rows of a choice or rating question, in the question's order. */
export function resultBars(result: SurveyQuestionResult): ResultBar[] {
  switch (result.kind) {
    case 'single':
    case 'multiple':
      return result.options.map((option) => ({
        key: String(option.id),
        label: option.label,
        count: option.count,
      }));
    case 'rating':
      return result.distribution.map((row) => ({
        key: String(row.value),
        label:
          row.value === 1
            ? `1 · ${result.min_label}`
            : row.value === 5
              ? `5 · ${result.max_label}`
              : String(row.value),
        count: row.count,
      }));
    case 'text':
      return [];
  }
}

/**
 * A bar's length on a track of 100: its share of the question's answers, so a full track is every
 * answer (and a thin sliver still shows a count that is not 0).
 */
export function barWidth(count: number, answered: number): number {
  if (count === 0 || answered === 0) return 0;
  return Math.max(0.5, Math.min(100, (100 * count) / answered));
}

const countText = (count: number) => (count === 1 ? '1 respuesta' : `${formatCount(count)} respuestas`);

/** What the chart shows, in one sentence for its image's label. */
export function resultSummary(result: SurveyQuestionResult): string {
  const bars = resultBars(result);
  if (result.answered === 0) return `${result.prompt}: todavía sin respuestas.`;
  const rows = bars.map(
    (bar) => `${bar.label}, ${countText(bar.count)} (${shareText(bar.count, result.answered)})`,
  );
  const mean = result.kind === 'rating' ? ` Media: ${meanText(result.mean)}.` : '';
  return `${result.prompt}: ${countText(result.answered)}. ${rows.join('; ')}.${mean}`;
}

export function ResultChart({ result, number }: { result: SurveyQuestionResult; number: number }) {
  const bars = resultBars(result);
  const titleId = `question-${result.question_id}-title`;
  return (
    <figure className="bo-chart bo-survey-result" aria-labelledby={titleId}>
      <h2 id={titleId} className="bo-chart__title">
        {number}. {result.prompt}
      </h2>
      <p className="bo-survey-result__meta">
        {countText(result.answered)}
        {result.kind === 'multiple' ? ' (cada una puede marcar varias opciones)' : ''}
        {result.kind === 'rating' ? ` · Media: ${meanText(result.mean)}` : ''}
      </p>
      <div className="bo-bars" role="img" aria-label={resultSummary(result)}>
        {bars.map((bar) => (
          <div key={bar.key} className="bo-bars__row">
            <span className="bo-bars__name">{bar.label}</span>
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
                width={barWidth(bar.count, result.answered)}
                height={10}
              />
            </svg>
            <span className="bo-bars__value">
              {formatCount(bar.count)} ({shareText(bar.count, result.answered)})
            </span>
          </div>
        ))}
      </div>
      <ChartTable
        caption={`${number}. ${result.prompt}`}
        headers={[result.kind === 'rating' ? 'Valoración' : 'Opción', 'Respuestas', 'Porcentaje']}
        rows={bars.map((bar) => ({
          key: bar.key,
          cells: [bar.label, formatCount(bar.count), shareText(bar.count, result.answered)],
        }))}
      />
    </figure>
  );
}
