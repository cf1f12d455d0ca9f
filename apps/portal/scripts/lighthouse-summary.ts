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
