import { accessResetSuite } from './suites/access-reset.ts';

accessResetSuite('pglite');
