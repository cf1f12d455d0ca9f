import { metricsSuite } from './suites/metrics.ts';

metricsSuite('pglite');
