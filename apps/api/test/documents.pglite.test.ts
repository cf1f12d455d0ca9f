import { documentsSuite } from './suites/documents.ts';

documentsSuite('pglite');
