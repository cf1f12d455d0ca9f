import { errorsSuite } from './suites/errors.ts';

errorsSuite('postgres');
