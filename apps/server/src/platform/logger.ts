import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config.js';

/** Structured JSON logs (pino); secrets never reach them. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        '*.pwd',
        '*.pwd_',
        '*.ticket',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
  };
}

/** One line per request, written when it completes, instead of Fastify's two. */
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
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}
