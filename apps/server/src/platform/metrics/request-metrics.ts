import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

type RouteInstruments = ReturnType<Metrics['route']>;

/** Requests that matched no route: one label, whatever address was asked (no label per URL). */
const UNMATCHED = 'unmatched';

/**
 * Times every answer by its route's pattern (`/taleforge/api/h5/game/:id`, never the address
 * asked) and counts it by status. The instruments of a method, route and status are looked up
 * once and kept: labelling costs more than observing, and the home read is a 2 ms answer.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const instruments = new Map<string, RouteInstruments>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let found = instruments.get(key);
    if (!found) {
      found = metrics.route(request.method, route, reply.statusCode);
      instruments.set(key, found);
    }
    found.latency.observe(reply.elapsedTime / 1000);
    found.responses.inc();
    done();
  });
}
