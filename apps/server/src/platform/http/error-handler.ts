import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { errorEnvelope } from './envelope.js';

/** Fastify's own transport faults, by the HTTP status it gives them. */
const transportStatus: Record<number, StatusCode> = {
  400: STATUS.BAD_REQUEST,
  404: STATUS.NOT_FOUND,
  405: STATUS.METHOD_NOT_ALLOWED,
  413: STATUS.PAYLOAD_TOO_LARGE,
  415: STATUS.UNSUPPORTED_MEDIA_TYPE,
  503: STATUS.UNAVAILABLE,
};

/**
 * One place turns every failure into the envelope: business outcomes are HTTP 200 with a body
 * status, transport faults keep their HTTP status, anything unexpected is a logged 500 without
 * a stack trace on the wire.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.httpStatus)
        .send(errorEnvelope(error.status, request.locale, error.detail));
    }
    const http = error.statusCode ?? 500;
    const status = transportStatus[http];
    if (status && http < 500) {
      request.log.info({ code: error.code, msg: error.message }, 'transport fault');
      return reply.code(http).send(errorEnvelope(status, request.locale));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope(STATUS.SERVER_ERROR, request.locale));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorEnvelope(STATUS.NOT_FOUND, request.locale));
  });
}
