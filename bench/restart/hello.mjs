// The restart bench's baseline: the least a Fastify server of ours pays to answer (node, Fastify,
// one route, a listener), on the PORT and HOST it is given.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
