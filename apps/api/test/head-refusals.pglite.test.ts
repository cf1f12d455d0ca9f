/**
 * A HEAD request refused before routing (a malformed request, headers over the limit, an undecodable
 * URL) is answered with the status and headers only: HTTP forbids a body in an answer to HEAD. A GET
 * refused the same way keeps its Spanish `{ message }`.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';

/** Writes raw bytes and reads everything the server sends until it closes (or 2 s pass). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', done);
    setTimeout(() => socket.destroy(), 2000);
  });
}

function parse(answer: string): { status: number; body: string } {
  const end = answer.indexOf('\r\n\r\n');
  return { status: Number(answer.slice(9, 12)), body: answer.slice(end + 4) };
}

describe('requests refused before routing', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('pglite', { products: 50 });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server?.close());

  const cases = [
    {
      name: 'headers over the limit',
      status: 431,
      rest: `Host: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      path: '/',
    },
    { name: 'a malformed header', status: 400, rest: 'Host: x\r\nBad Header\r\n\r\n', path: '/' },
    {
      name: 'an undecodable URL',
      status: 400,
      rest: 'Host: x\r\nConnection: close\r\n\r\n',
      path: '/api/v1/%E0%A4%A',
    },
  ];

  for (const { name, status, rest, path } of cases) {
    it(`${name}: HEAD gets ${status} without a body, GET with its message`, async () => {
      const head = parse(await raw(port, `HEAD ${path} HTTP/1.1\r\n${rest}`));
      expect(head.status).toBe(status);
      expect(head.body).toBe('');
      const get = parse(await raw(port, `GET ${path} HTTP/1.1\r\n${rest}`));
      expect(get.status).toBe(status);
      expect(JSON.parse(get.body)).toEqual({ message: expect.any(String) });
    });
  }
});
