import { accessRegisterSuite } from './suites/access-register.ts';

accessRegisterSuite('postgres');
