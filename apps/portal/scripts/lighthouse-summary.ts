/** The verdict of `pnpm bench:web` over its runs (scripts/bench-web.ts). */

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/**
 * The verdict over all runs: each page by its median run's performance (one run
 * on a shared machine moves by a few points) and accessibility 100 in every run.
 */
export function summary(
  scores: ReadonlyMap<string, { performance: readonly number[]; accessibility: readonly number[] }>,
  runs: number,
): string {
  const lines = [`Median of ${runs} runs (targets: performance ≥ 95, accessibility 100 in every run)`, ''];
  for (const [path, { performance, accessibility }] of scores) {
    const meets = median(performance) >= 95 && accessibility.every((score) => score === 100);
    lines.push(
      `${path.padEnd(16)} performance ${String(median(performance)).padStart(3)} (runs ${performance.join(', ')})   accessibility ${Math.min(...accessibility)}   ${meets ? 'meets the targets' : 'BELOW THE TARGETS'}`,
    );
  }
  return lines.join('\n');
}

/** One page's figures in `pnpm bench:web`'s table. */
export interface BenchRow {
  route: string;
  performance: number;
  accessibility: number;
  tbtMs: number;
  lcpMs: number;
  /** How many scripts the page loaded, and their JavaScript gzipped. */
  scripts: number;
  jsGzipBytes: number;
  /** The machine's one-minute load average, and the server's `/healthz` time, as the run began. */
  load: number;
  healthzMs: number;
}

/**
 * A page of a route table (react-router's syntax) as a path to open: each parameter given the id of
 * its section's record (`ids`, by the path before it); an optional one without a record left out, a
 * required one without a record makes the page null.
 */
export function concretePath(page: string, ids: Readonly<Record<string, number | undefined>>): string | null {
  let missing = false;
  const concrete = page.replace(
    /\/:[A-Za-z]+(\?)?/g,
    (_parameter, optional: string | undefined, offset: number) => {
      const id = ids[page.slice(0, offset)];
      if (id !== undefined) return `/${id}`;
      if (!optional) missing = true;
      return '';
    },
  );
  return missing ? null : concrete;
}

/** The head of `pnpm bench:web`'s table. */
export const BENCH_HEADER = `${'route'.padEnd(40)} score  a11y     TBT     LCP  scripts     JS gz   load  /healthz`;

/** One page's line of the table, under {@link BENCH_HEADER}. */
export function benchRow(row: BenchRow): string {
  return [
    row.route.padEnd(40),
    String(row.performance).padStart(5),
    String(row.accessibility).padStart(5),
    `${row.tbtMs} ms`.padStart(7),
    `${(row.lcpMs / 1000).toFixed(1)} s`.padStart(7),
    String(row.scripts).padStart(8),
    `${(row.jsGzipBytes / 1024).toFixed(1)} KB`.padStart(9),
    row.load.toFixed(2).padStart(6),
    `${row.healthzMs.toFixed(0)} ms`.padStart(9),
  ].join(' ');
}

/** The verdict under a run's table: the pages below the performance target. */
export function benchVerdict(rows: readonly BenchRow[]): string {
  const below = rows.filter((row) => row.performance < 95).map((row) => row.route);
  return below.length === 0
    ? 'Every page measured meets performance ≥ 95.'
    : `Below performance 95: ${below.join(', ')}`;
}
