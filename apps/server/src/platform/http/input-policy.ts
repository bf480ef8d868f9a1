import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { refuseUnstorable, unstorablePath } from './validation.js';

/**
 * One policy for all text a request brings: NUL (PostgreSQL cannot store it) and lone surrogates
 * (they cannot be encoded, so they would be stored as U+FFFD) are refused before any route runs,
 * whatever the route's own schema says. Query values, JSON body strings and keys, and headers are
 * 1001; a path with them names nothing, so it is a 404.
 *
 * preValidation: the body is parsed by then, and the request's language is known.
 */
export function installInputPolicy(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (unstorablePath(request.params)) throw new AppError(STATUS.NOT_FOUND, undefined, 404);
    refuseUnstorable(request.headers, request.locale, 'header');
    refuseUnstorable(request.query, request.locale, 'query');
    refuseUnstorable(request.body, request.locale, 'body');
  });
}
