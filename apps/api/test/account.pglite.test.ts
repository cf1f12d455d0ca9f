import { accountSuite } from './suites/account.ts';

accountSuite('pglite');
