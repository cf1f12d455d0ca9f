import { documentsSuite } from './suites/documents.ts';

documentsSuite('postgres');
