import type { FastifyServerOptions } from 'fastify';
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
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
    },
  };
}
