import { limitsSuite } from './suites/limits.ts';

limitsSuite('postgres');
