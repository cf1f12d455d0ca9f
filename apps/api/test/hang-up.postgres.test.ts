import { hangUpSuite } from './suites/hang-up.ts';

hangUpSuite('postgres');
