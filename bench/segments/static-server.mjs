// The baseline of bench/segments: a bare Fastify with @fastify/static over the same media
// directory, nothing else registered — what serving the files costs with no checks at all.
import { createRequire } from 'node:module';

// The server workspace's own copies, the versions the product runs.
const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');
const fastifyStatic = require('@fastify/static');

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.STATIC_ROOT, prefix: '/static/' });
app.get('/health', async () => 'ok');
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
