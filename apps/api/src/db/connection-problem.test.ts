import { describe, expect, it } from 'vitest';
import { connectionProblem, describeTarget } from './connection-problem.ts';

const url = 'postgres://botica:s%2Fecr%23t@db.internal:5433/botica';
const coded = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('connectionProblem', () => {
  it('names where the database is, never the password', () => {
    expect(describeTarget({ url })).toBe(
      'PostgreSQL at db.internal:5433, database "botica", user "botica" (DATABASE_URL)',
    );
    expect(describeTarget({ dataDir: '/data/pglite' })).toBe(
      'the embedded database (PGlite) in /data/pglite',
    );
  });

  it('tells a wrong password, an unknown database, a refused connection and an unknown host in one line', () => {
    const cases: [unknown, RegExp][] = [
      [coded('password authentication failed for user "botica"', '28P01'), /password authentication failed/],
      [coded('database "botika" does not exist', '3D000'), /database "botika" does not exist/],
      [
        new AggregateError([coded('connect ECONNREFUSED ::1:5433', 'ECONNREFUSED')], 'connect failed'),
        /connection was refused/,
      ],
      [coded('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'), /host is unknown/],
      [
        new Error('Failed query: select 1', { cause: coded('the database system is starting up', '57P03') }),
        /starting up/,
      ],
      [new Error('timeout exceeded when trying to connect'), /no answer within DB_CONNECT_TIMEOUT_MS/],
    ];
    for (const [error, reason] of cases) {
      const line = connectionProblem(error, { url });
      expect(line).toMatch(
        /^cannot use PostgreSQL at db\.internal:5433, database "botica", user "botica" \(DATABASE_URL\): /,
      );
      expect(line).toMatch(reason);
      expect(line).not.toContain('\n');
      expect(line).not.toContain('ecr');
    }
  });

  it('tells a folder the embedded database cannot use', () => {
    const error = coded("EACCES: permission denied, mkdir '/data/pglite'", 'EACCES', { syscall: 'mkdir' });
    expect(connectionProblem(error, { dataDir: '/data/pglite' })).toBe(
      "cannot use the embedded database (PGlite) in /data/pglite: EACCES: permission denied, mkdir '/data/pglite'",
    );
  });

  it('leaves any other error alone (it keeps its stack trace)', () => {
    expect(connectionProblem(new TypeError('x is not a function'), { url })).toBeUndefined();
    expect(connectionProblem(coded('syntax error at or near "selec"', '42601'), { url })).toBeUndefined();
  });
});
