import { describe, expect, it } from 'vitest';
import { parseImportArguments } from './import-arguments.ts';

describe('parseImportArguments', () => {
  it('reads the kind, the file and the flags, skipping the -- a package manager may pass', () => {
    expect(parseImportArguments(['--', 'products', 'p.csv', '--dry-run', '--report', 'r.csv'])).toEqual({
      kind: 'products',
      file: 'p.csv',
      dryRun: true,
      strict: false,
      report: 'r.csv',
      help: false,
    });
    expect(parseImportArguments(['users', 'u.csv', '--strict']).strict).toBe(true);
  });

  it('refuses an unknown kind, a missing file and extra arguments', () => {
    expect(() => parseImportArguments(['product', 'p.csv'])).toThrow(/no es un tipo/);
    expect(() => parseImportArguments(['clients'])).toThrow(/Falta el fichero/);
    expect(() => parseImportArguments(['clients', 'a.csv', 'b.csv'])).toThrow(/Sobran/);
    expect(() => parseImportArguments(['clients', 'a.csv', '--force'])).toThrow();
    expect(parseImportArguments(['--help']).help).toBe(true);
  });
});
