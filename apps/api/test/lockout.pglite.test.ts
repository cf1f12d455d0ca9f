import { lockoutSuite } from './suites/lockout.ts';

lockoutSuite('pglite');
