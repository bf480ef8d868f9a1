import type { FastifyInstance } from 'fastify';

/** How often a closing server ends the connections that have gone idle since it began. */
const IDLE_SWEEP_MS = 50;
/**
 * How long requests in flight get to finish once closing begins, unless the caller says: then
 * every connection still open is cut. The app passes half of SHUTDOWN_GRACE_MS, leaving the rest
 * to stopping its jobs and closing the database; the studio's and the metrics' sites, whose
 * answers are files and one scrape, keep this.
 */
const DRAIN_LIMIT_MS = 5_000;

/**
 * A closing server lets the requests in flight finish, then ends their connections.
 *
 * Fastify's `forceCloseConnections: 'idle'` (and Node's `server.close()`) end only the connections
 * idle at the moment closing begins. One still busy then (a request being answered, or an answer
 * whose last write is not yet flushed while the client already read it) is kept alive after its
 * answer, and holds the close for the whole keep-alive timeout: 72 s by Fastify's default. Tests
 * close a server the moment their last answer arrives, and a deploy stops a node under load, so
 * both met it. Until the server has closed, idle connections are ended every 50 ms.
 *
 * A connection that never goes idle is cut after `limitMs`. Node counts one as busy while a
 * request on it is unanswered or half sent (the latter until its 60 s headers timeout): a test
 * server's close waited on such a connection, 4 times in ~120 runs under load, and a request
 * that outlives the limit would leave a node to be killed at SHUTDOWN_GRACE_MS with its jobs
 * still running.
 */
export function endConnectionsOnceIdle(app: FastifyInstance, limitMs = DRAIN_LIMIT_MS): void {
  app.addHook('preClose', async () => {
    const { server } = app;
    if (!server.listening) return;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    const cut = setTimeout(() => {
      server.getConnections((_error, open) => {
        if (!open) return;
        app.log.warn({ connections: open }, 'connections still open after the drain limit: cut');
        server.closeAllConnections();
      });
    }, limitMs);
    cut.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(cut);
    });
  });
}
