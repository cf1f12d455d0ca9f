import { mailSuite } from './suites/mail.ts';

mailSuite('postgres');
