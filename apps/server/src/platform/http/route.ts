import type { CallBody, CallData, CallDef, CallQuery } from '@taleforge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { okEnvelope } from './envelope.js';
import type { ResponseCache } from './response-cache.js';
import { parseInput } from './validation.js';

export interface RouteInput<C extends CallDef> {
  query: CallQuery<C>;
  body: CallBody<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

function parseQuery<C extends CallDef>(call: C, request: FastifyRequest): CallQuery<C> {
  const { query } = call;
  return (
    query ? parseInput(query, request.query ?? {}, request.locale, 'query') : undefined
  ) as CallQuery<C>;
}

function parseBody<C extends CallDef>(call: C, request: FastifyRequest): CallBody<C> {
  const { body } = call;
  return (
    body ? parseInput(body, request.body ?? {}, request.locale, 'body') : undefined
  ) as CallBody<C>;
}

/**
 * A thin route: validate with the call's contract, run one service function, wrap the result in
 * the envelope. The path and method come from the contract, so server and browser cannot drift.
 */
export function defineRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: (input: RouteInput<C>) => Promise<CallData<C>>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const query = parseQuery(call, request);
      const body = parseBody(call, request);
      const data = await handler({ query, body, request, reply });
      return okEnvelope(data, request.locale);
    },
  });
}

/**
 * A public read served from the response cache: same validation and envelope, but the body is
 * serialised once per key and lifetime, and answered 304 when the browser already has it.
 */
export function defineCachedRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  cache: ResponseCache,
  handler: (input: Pick<RouteInput<C>, 'query' | 'request'>) => Promise<CallData<C>>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const query = parseQuery(call, request);
      const key = `${call.path}|${request.locale}|${query ? JSON.stringify(query) : ''}`;
      return cache.send(request, reply, key, async () =>
        okEnvelope(await handler({ query, request }), request.locale),
      );
    },
  });
}
