import { securitySuite } from './suites/security.ts';

securitySuite('pglite');
