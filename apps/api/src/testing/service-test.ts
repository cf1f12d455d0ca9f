/**
 * A service tested without HTTP: an in-memory database with the test fixture, and the context a
 * service takes (the mail wake-up does nothing; attempts are counted in that database).
 */
import { afterAll, beforeAll } from 'vitest';
import type { AppContext, CoreContext } from '../context.ts';
import type { OpenDatabase } from '../db/database.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { testSettings } from '../settings/settings.ts';
import { type Fixture, insertFixture } from './fixtures.ts';
import { openTestDatabase } from './test-database.ts';

export interface ServiceTest {
  database: OpenDatabase;
  fixture: Fixture;
  context: AppContext;
}

/**
 * Opens the database before the file's tests and closes it after; read the fields inside tests.
 * @example const service = serviceTest(); it('…', () => listTags(service.context));
 */
export function serviceTest(): ServiceTest {
  const test = {} as ServiceTest;
  beforeAll(async () => {
    test.database = await openTestDatabase('pglite');
    test.fixture = await insertFixture(test.database.db);
    const core: CoreContext = { db: test.database.db, settings: testSettings(), now: () => new Date() };
    test.context = { ...core, mail: { nudge: () => {} }, limiter: new RateLimiter(core) };
  });
  afterAll(() => test.database.close());
  return test;
}
