import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config.js';

/** Lines are written when this many bytes are waiting, or after LOG_FLUSH_MS, whichever first. */
export const LOG_BATCH_BYTES = 4_096;
export const LOG_FLUSH_MS = 1_000;

type LogDestination = ReturnType<typeof pino.destination>;

/**
 * An asynchronous destination that writes in batches. Written line by line, every logged request
 * paid a round trip through libuv's thread pool (a pool thread wakes to write, then wakes the
 * event loop); batched, a busy server pays one per 4 KB. pino flushes what is pending when the
 * process exits; a crash that kills the process outright loses at most the last LOG_FLUSH_MS.
 */
export function batchedDestination(dest: number | string): LogDestination {
  const stream = pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES });
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      clearInterval(timer); // destroyed: nothing more will be written
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  return stream;
}

/** One stdout destination per process, however many apps the tests build in it. */
let stdout: LogDestination | undefined;

/** Structured JSON logs (pino); secrets never reach them. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  stdout ??= batchedDestination(1);
  return {
    level: config.LOG_LEVEL,
    stream: stdout,
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
