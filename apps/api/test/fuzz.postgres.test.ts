import { fuzzSuite } from './suites/fuzz.ts';

fuzzSuite('postgres');
