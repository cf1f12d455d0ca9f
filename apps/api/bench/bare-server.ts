/**
 * The benchmark's ceiling (not a test, not the product): a bare Fastify with nothing of the API (no
 * hooks, sessions, validation or database), answering `GET /healthz` as the API does and `GET /answer`
 * with a real answer the API gave (read from the JSON file `ANSWER_FILE`, serialized again on every
 * request as the API serializes its answers). What share of its own `/healthz` it reaches on `/answer`
 * is the most any route with an answer of that size can reach on this machine (bench.ts prints it).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answer = JSON.parse(readFileSync(process.env.ANSWER_FILE ?? '', 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
// What the benchmark asks to know the server has answered what was in flight.
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/answer', async () => answer);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
