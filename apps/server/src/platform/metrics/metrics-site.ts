import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { endConnectionsOnceIdle } from '../http/drain.js';
import { installErrorHandler } from '../http/error-handler.js';
import { requestContext } from '../http/request-context.js';
import { responseContract } from '../http/response-writer.js';
import type { Metrics } from './metrics.js';
import { registerMetricsEndpoint } from './metrics-endpoint.js';

export interface MetricsSiteOptions {
  metrics: Metrics;
  token: string | undefined;
  logger: FastifyServerOptions['logger'];
  /** The health checks, registered by the app (platform code registers no module's routes). */
  health: (site: FastifyInstance) => void;
}

/**
 * METRICS_PORT: a listener of its own for a scraper and the health probes on a private network,
 * so neither has to pass the public port or its proxy. It serves `/metrics`, `/health`,
 * `/health/live` and `/health/ready` and nothing else. Its requests are not timed in the metrics.
 */
export async function buildMetricsSite(options: MetricsSiteOptions): Promise<FastifyInstance> {
  const site = Fastify({
    logger: options.logger,
    // A scrape every few seconds would be most of the log.
    disableRequestLogging: true,
    forceCloseConnections: 'idle',
  });
  installErrorHandler(site);
  endConnectionsOnceIdle(site);
  await site.register(requestContext, { prefix: '', dfIdExempt: [] });
  await site.register(responseContract, { check: false });
  registerMetricsEndpoint(site, { metrics: options.metrics, token: options.token, served: true });
  options.health(site);
  return site;
}
