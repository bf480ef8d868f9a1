import type { CallBody, CallData, CallDef, CallQuery } from '@taleforge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signedIn, tokenCheck } from './auth-gate.js';
import type { AuthContext } from './request-context.js';
import type { ResponseCache } from './response-cache.js';
import { type ResponseWriter, responseWriter } from './response-writer.js';
import { parseInput } from './validation.js';
import { JSON_TYPE, WrittenAnswer } from './written-answer.js';

export interface RouteInput<C extends CallDef> {
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The signed-in user, on calls whose contract needs a token (and only there). */
  auth: C['auth'] extends true ? AuthContext : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The token check a call's contract asks for, as route options: none for public calls. */
export function gateOf(app: FastifyInstance, call: CallDef) {
  return call.auth ? { onRequest: tokenCheck(app, call) } : {};
}

function authOf<C extends CallDef>(call: C, request: FastifyRequest): RouteInput<C>['auth'] {
  return (call.auth ? signedIn(request) : null) as RouteInput<C>['auth'];
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

/** The call's answer writer, checked against the contract as the app was told to. */
export function writerOf<C extends CallDef>(app: FastifyInstance, call: C): ResponseWriter<C> {
  // Registered by the app like the auth gate; a route outside such an app is a wiring fault.
  if (!app.responseContract) throw new Error(`no response contract for ${call.path}`);
  return responseWriter(call, app.responseContract);
}

/**
 * A thin route: check the token when the call's contract needs one, validate with the contract,
 * run one service function, write the result in the envelope through the contract's serializer
 * (or send an answer the handler kept, already written by that serializer). The path, method and
 * both shapes come from the contract, so server and browser cannot drift.
 */
export function defineRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: (input: RouteInput<C>) => Promise<CallData<C> | WrittenAnswer<C>>,
  /** A larger body than the server's default, for the few calls that carry a document. */
  options: { bodyLimit?: number } = {},
): void {
  const write = writerOf(app, call);
  app.route({
    method: call.method,
    url: call.path,
    ...options,
    ...gateOf(app, call),
    handler: async (request, reply) => {
      const query = parseQuery(call, request);
      const body = parseBody(call, request);
      const data = await handler({ query, body, auth: authOf(call, request), request, reply });
      if (data instanceof WrittenAnswer) return data.send(request, reply);
      return reply.type(JSON_TYPE).send(write(data, request.locale));
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
  const write = writerOf(app, call);
  app.route({
    method: call.method,
    url: call.path,
    ...gateOf(app, call),
    handler: async (request, reply) => {
      const query = parseQuery(call, request);
      const key = `${call.path}|${request.locale}|${query ? JSON.stringify(query) : ''}`;
      return cache.send(request, reply, key, async () =>
        write(await handler({ query, request }), request.locale),
      );
    },
  });
}

export interface UploadInput<C extends CallDef> extends Omit<RouteInput<C>, 'body'> {
  /** The request body as sent, whatever its Content-Type says: the handler reads the content. */
  bytes: Buffer;
}

/**
 * A call whose body is a file's raw bytes (an avatar), not JSON. Its own scope takes any
 * Content-Type as bytes, up to `bodyLimit` (larger is the framework's 413); the query, the token
 * check and the answer go through the contract like any other call.
 */
export function defineUploadRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  options: { bodyLimit: number },
  handler: (input: UploadInput<C>) => Promise<CallData<C>>,
): void {
  const write = writerOf(app, call);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.route({
      method: call.method,
      url: call.path,
      bodyLimit: options.bodyLimit,
      ...gateOf(scope, call),
      handler: async (request, reply) => {
        const query = parseQuery(call, request);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await handler({ query, bytes, auth: authOf(call, request), request, reply });
        return reply.type(JSON_TYPE).send(write(data, request.locale));
      },
    });
  });
}
