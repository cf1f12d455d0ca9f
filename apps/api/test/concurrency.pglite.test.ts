import { concurrencySuite } from './suites/concurrency.ts';

concurrencySuite('pglite');
