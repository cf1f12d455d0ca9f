/**
 * A chart's data as a real table behind a 'Ver como tabla' disclosure (a native `details`, opened with
 * the keyboard like a button): the same figures the drawing shows, for a screen reader or a copy.
 */
import type { ReactNode } from 'react';

export interface ChartTableProps {
  /** The table's caption. */
  caption: string;
  /** The column headers; the first names each row. */
  headers: readonly string[];
  /** The rows: one cell per header, the first a row header. */
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
}

export function ChartTable({ caption, headers, rows }: ChartTableProps) {
  return (
    <details className="bo-chart__table">
      <summary>Ver como tabla</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus to scroll. */}
      <section className="bo-chart__table-scroll" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {headers.map((header, index) => (
                <th key={header} scope="col" className={index > 0 ? 'bo-chart__number' : undefined}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="bo-chart__number">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
