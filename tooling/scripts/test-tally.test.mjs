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
