import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config.js';

/** Structured JSON logs (pino); secrets never reach them. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Asynchronous writes: the request path never waits on stdout.
    // pino flushes what is pending when the process exits.
    stream: pino.destination({ dest: 1, sync: false }),
    redact: {
      // Exact paths only: wildcard redaction is paid on every line. Bodies are never logged.
      paths: ['req.headers.authorization', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
}

/** A read slower than this is logged like a write, whatever its status. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, written when it completes, instead of Fastify's two. Reads that succeed
 * quickly — most of the traffic, and mostly answered from the catalogue cache — are logged at
 * `debug`; writes, failures and slow reads at `info` and above (docs/decisions/0014).
 */
export class RequestLogController extends Fastify.LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      request.log.error({ ...line, err: error }, 'request failed');
      return;
    }
    const routine =
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode < 400 &&
      reply.elapsedTime < SLOW_REQUEST_MS;
    if (routine) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  }
}
