import type { FastifyInstance } from 'fastify';

/** How often a closing server ends the connections that have gone idle since it began. */
const IDLE_SWEEP_MS = 50;

/**
 * A closing server lets the requests in flight finish, then ends their connections.
 *
 * Fastify's `forceCloseConnections: 'idle'` (and Node's `server.close()`) end only the connections
 * idle at the moment closing begins. One still busy then (a request being answered, or an answer
 * whose last write is not yet flushed while the client already read it) is kept alive after its
 * answer, and holds the close for the whole keep-alive timeout: 72 s by Fastify's default. Tests
 * close a server the moment their last answer arrives, and a deploy stops a node under load, so
 * both met it. Until the server has closed, idle connections are ended every 50 ms.
 */
export function endConnectionsOnceIdle(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    const { server } = app;
    if (!server.listening) return;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}
