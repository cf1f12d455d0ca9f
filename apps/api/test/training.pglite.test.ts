import { trainingSuite } from './suites/training.ts';

trainingSuite('pglite');
