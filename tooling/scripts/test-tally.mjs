// Adds up the closing lines of the test runners we use (Vitest, node:test, Playwright) as they appear
// in turbo's output, prefixed with `package:task: `, so `npm test` can end on one plain summary line.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI colour escapes is the point.
const ANSI = /\u001b\[[0-9;]*m/g;
const PREFIX = /^[@\w/.-]+:[\w:-]+: ?/;

/** Strips colours and turbo's `package:task: ` prefix from one line of output. */
export function cleanLine(line) {
  return line.replace(ANSI, '').replace(PREFIX, '');
}

/** The package a line of turbo's output came from (`@botica/api:test: …` → `@botica/api`). */
function packageOf(rawLine) {
  return /^([@\w/.-]+):[\w:-]+: ?/.exec(rawLine.replace(ANSI, ''))?.[1] ?? '';
}

/**
 * The line naming one failed test, as each runner prints it: Vitest's ` FAIL  project file > test`,
 * Playwright's `✘  12 [desktop] › tests/x.spec.ts:3:1 › test`, node:test's `✖ test (12ms)`.
 */
function failedTestOf(line) {
  if (/^FAIL\s+.*\.(?:test|spec)\.[cm]?[jt]sx?\b/.test(line)) return line.replace(/^FAIL\s+/, '');
  const playwright = /^✘\s+\d+\s+(.*?)(?:\s+\([\d.]+m?s\))?$/.exec(line);
  if (playwright) return playwright[1];
  const node = /^✖ (?!failing tests:)(.*?)(?:\s+\([\d.]+m?s\))?$/.exec(line);
  if (node) return node[1];
  return undefined;
}

/**
 * A running count of passed and failed tests over many runners' summaries, and the names of the
 * failed ones (each once), so the run's last lines say what failed even when its log is cut.
 */
export function createTally() {
  let passed = 0;
  let failed = 0;
  const failures = new Set();
  return {
    read(rawLine) {
      const line = cleanLine(rawLine).trim();
      const failure = failedTestOf(line);
      if (failure) {
        const from = packageOf(rawLine);
        failures.add(from ? `${from}: ${failure}` : failure);
        return;
      }
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
    failures() {
      return [...failures];
    },
  };
}
