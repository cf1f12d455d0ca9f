import { mailSuite } from './suites/mail.ts';

mailSuite('pglite');
