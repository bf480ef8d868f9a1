import { createHash, timingSafeEqual } from 'node:crypto';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its prefix shows in the time taken. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

export interface MetricsEndpointOptions {
  metrics: Metrics;
  /** Required as `Authorization: Bearer …` when set. */
  token: string | undefined;
  /** Unset, the address answers 404 as if it did not exist (the main port without a token). */
  served: boolean;
}

/**
 * `GET /metrics` in Prometheus' text format. On the main port it exists only with METRICS_TOKEN:
 * there the whole internet may ask. A listener of its own (METRICS_PORT) is for a private network
 * and serves it without one, unless a token is set, which it then asks for too.
 */
export function registerMetricsEndpoint(app: FastifyInstance, options: MetricsEndpointOptions) {
  const { metrics, token, served } = options;
  const expected = token ? digest(token) : null;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!served) throw new AppError(STATUS.NOT_FOUND, undefined, 404);
    if (expected && !bearerMatches(request, expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(STATUS.UNAUTHORIZED, undefined, 401);
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
