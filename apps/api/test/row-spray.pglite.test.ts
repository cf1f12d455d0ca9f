import { rowSpraySuite } from './suites/row-spray.ts';

rowSpraySuite('pglite');
