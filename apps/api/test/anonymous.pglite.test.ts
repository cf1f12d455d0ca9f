import { anonymousSuite } from './suites/anonymous.ts';

anonymousSuite('pglite');
