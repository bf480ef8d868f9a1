import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { errorEnvelope } from './envelope.js';
import { resolveLocale } from './locale.js';

/**
 * Transport faults raised by Fastify or a plugin, by their HTTP status. Any other 4xx keeps its
 * HTTP status too and carries 400 in the body: the request was the problem, not the server.
 */
const transportStatus: Record<number, StatusCode> = {
  400: STATUS.BAD_REQUEST,
  403: STATUS.FORBIDDEN,
  404: STATUS.NOT_FOUND,
  405: STATUS.METHOD_NOT_ALLOWED,
  413: STATUS.PAYLOAD_TOO_LARGE,
  415: STATUS.UNSUPPORTED_MEDIA_TYPE,
  503: STATUS.UNAVAILABLE,
};

function sendTransportFault(
  error: FastifyError,
  http: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.log.info({ code: error.code, msg: error.message }, 'transport fault');
  const status = transportStatus[http] ?? STATUS.BAD_REQUEST;
  // A fault found before the request's hooks ran has no language yet: its header gives one.
  const locale = request.locale ?? resolveLocale(undefined, request.headers['accept-language']);
  return reply.code(http).send(errorEnvelope(status, locale));
}

/**
 * Fastify's `frameworkErrors` option: faults found before routing (a URL that does not decode,
 * e.g. `%ED%A0%80` or a stray `%`), answered with the envelope like every other fault.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendTransportFault(error, error.statusCode ?? 400, request, reply);
}

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
    if (http >= 400 && http < 500) return sendTransportFault(error, http, request, reply);
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope(STATUS.SERVER_ERROR, request.locale));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorEnvelope(STATUS.NOT_FOUND, request.locale));
  });
}
