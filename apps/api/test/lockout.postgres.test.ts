import { lockoutSuite } from './suites/lockout.ts';

lockoutSuite('postgres');
