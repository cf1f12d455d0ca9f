// Adds up the closing lines of the test runners we use (Vitest, node:test, Playwright) as they appear
// in turbo's output, prefixed with `package:task: `, so `npm test` can end on one plain summary line.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI colour escapes is the point.
const ANSI = /\u001b\[[0-9;]*m/g;
const PREFIX = /^[@\w/.-]+:[\w:-]+: ?/;

/** Strips colours and turbo's `package:task: ` prefix from one line of output. */
export function cleanLine(line) {
  return line.replace(ANSI, '').replace(PREFIX, '');
}

/** A running count of passed and failed tests over many runners' summaries. */
export function createTally() {
  let passed = 0;
  let failed = 0;
  return {
    read(rawLine) {
      const line = cleanLine(rawLine).trim();
      // Vitest: "Tests  2 failed | 89 passed | 1 skipped (92)"
      const vitest = /^Tests\s+(.*)\(\d+\)$/.exec(line);
      if (vitest) {
        passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
        failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
        return;
      }
      // node:test: "ℹ pass 16" / "ℹ fail 0"
      const node = /^ℹ (pass|fail) (\d+)$/.exec(line);
      if (node) {
        if (node[1] === 'pass') passed += Number(node[2]);
        else failed += Number(node[2]);
        return;
      }
      // Playwright: "12 passed (30.1s)", "14 passed (1.3m)" / "1 failed"
      const playwright = /^(\d+) (passed|failed)( \([\d.]+(?:ms|s|m|h)\))?$/.exec(line);
      if (playwright) {
        if (playwright[2] === 'passed') passed += Number(playwright[1]);
        else failed += Number(playwright[1]);
      }
    },
    totals() {
      return { passed, failed };
    },
  };
}
