import { importSuite } from './suites/import.ts';

importSuite('postgres');
