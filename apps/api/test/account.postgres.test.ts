import { accountSuite } from './suites/account.ts';

accountSuite('postgres');
