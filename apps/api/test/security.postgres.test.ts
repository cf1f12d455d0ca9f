import { securitySuite } from './suites/security.ts';

securitySuite('postgres');
