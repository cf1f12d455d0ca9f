import { rateLimitSuite } from './suites/rate-limits.ts';

rateLimitSuite('pglite');
