/**
 * The order of the API's test files over the workers (vitest.config.ts): vitest's own order (the
 * slowest first when it knows their times, the largest otherwise), dealt out one project at a time.
 * Vitest queues a project's files behind the previous project's, so the PGlite files (busy on the
 * CPU) would run side by side, then the PostgreSQL ones (mostly waiting on the server); dealt out in
 * turn, a worker waiting on PostgreSQL mostly runs beside one that computes.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) {
      const queue = byProject.get(file.project.name) ?? [];
      queue.push(file);
      byProject.set(file.project.name, queue);
    }
    const queues = [...byProject.values()];
    const dealt: TestSpecification[] = [];
    while (dealt.length < sorted.length) {
      for (const queue of queues) {
        const next = queue.shift();
        if (next) dealt.push(next);
      }
    }
    return dealt;
  }
}
