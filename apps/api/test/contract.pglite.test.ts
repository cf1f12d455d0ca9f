import { contractSuite } from './suites/contract.ts';

contractSuite('pglite');
