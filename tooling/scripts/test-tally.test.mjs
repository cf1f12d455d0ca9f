import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanLine, createTally } from './test-tally.mjs';

test('reads the closing lines of Vitest, node:test and Playwright behind turbo prefixes', () => {
  const tally = createTally();
  for (const line of [
    '@botica/domain:test:       Tests  91 passed (91)',
    '@botica/api:test: \u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m2 failed\u001b[39m | \u001b[32m40 passed\u001b[39m (42)',
    '@botica/biome-config:test: ℹ pass 16',
    '@botica/biome-config:test: ℹ fail 0',
    '@botica/portal:test:   12 passed (30.1s)',
    '@botica/portal:test:   1 failed',
    '@botica/portal:test:   14 passed (1.3m)',
    '@botica/domain:test: src/money.test.ts (12 tests) 30ms',
    'Tasks:    7 successful, 7 total',
  ]) {
    tally.read(line);
  }
  assert.deepEqual(tally.totals(), { passed: 173, failed: 3 });
});

test('strips colours and the task prefix', () => {
  assert.equal(cleanLine('@botica/ui:test: \u001b[32mok\u001b[39m'), 'ok');
});

test('keeps the name of each failed test, once, with its package', () => {
  const tally = createTally();
  for (const line of [
    '@botica/api:test: \u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[30m\u001b[45m postgres \u001b[49m\u001b[39m test/suites/x.test.ts\u001b[2m > \u001b[22mthe thing\u001b[2m > \u001b[22mdoes it',
    '@botica/api:test:  FAIL   postgres  test/suites/x.test.ts > the thing > does it',
    '@botica/api:test:  FAIL  src/broken.test.ts [ src/broken.test.ts ]',
    '@botica/portal-e2e:test:   ✘  12 [desktop] › tests/cart.spec.ts:41:1 › sends the order (3.3s)',
    '@botica/portal-e2e:test:   ✓  13 [desktop] › tests/cart.spec.ts:60:1 › keeps it (1.1s)',
    '@botica/scripts:test: ✖ reads the lines (1.2ms)',
    '@botica/scripts:test: ✖ failing tests:',
    '@botica/api:test:       Tests  1 failed | 40 passed (41)',
  ]) {
    tally.read(line);
  }
  assert.deepEqual(tally.failures(), [
    '@botica/api: postgres  test/suites/x.test.ts > the thing > does it',
    '@botica/api: src/broken.test.ts [ src/broken.test.ts ]',
    '@botica/portal-e2e: [desktop] › tests/cart.spec.ts:41:1 › sends the order',
    '@botica/scripts: reads the lines',
  ]);
  assert.deepEqual(tally.totals(), { passed: 40, failed: 1 });
});
