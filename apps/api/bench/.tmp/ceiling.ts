import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const body = readFileSync('/tmp/listing-answer.json', 'utf8');
const parsed = JSON.parse(body);
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/big-string', async (_req, reply) => reply.type('application/json').send(body));
app.get('/big-object', async () => parsed);
await app.listen({ port: 45991, host: '127.0.0.1' });
const run = (path: string) =>
  new Promise<number>((resolve) =>
    autocannon({ url: `http://127.0.0.1:45991${path}`, connections: 32, duration: 8 }, (_e, r) =>
      resolve(r.requests.average),
    ),
  );
for (const path of ['/healthz', '/big-string', '/big-object', '/healthz'])
  console.log(path, Math.round(await run(path)), 'req/s');
await app.close();
