import type { CallDef } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import type { AuthContext } from './request-context.js';

export type TokenCheck =
  | { ok: true; auth: AuthContext }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

export interface AuthGateOptions {
  /** The calls an account with an unfinished profile may still make. */
  incompleteAllowed: readonly CallDef[];
  verifyToken(token: string): Promise<TokenCheck>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authGate: { verifyToken: AuthGateOptions['verifyToken']; incompleteAllowed: Set<string> };
  }
}

/** Our tokens are base64url; anything else cannot be one and needs no database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/** The raw token from Authorization; a `Bearer ` prefix is accepted too. */
function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

async function authenticate(
  request: FastifyRequest,
  verifyToken: AuthGateOptions['verifyToken'],
): Promise<AuthContext> {
  const token = readToken(request);
  if (!token) throw new AppError(STATUS.NO_TOKEN);
  if (!TOKEN_PATTERN.test(token)) throw new AppError(STATUS.TOKEN_INVALID);
  const check = await verifyToken(token);
  if (check.ok) return check.auth;
  throw new AppError(check.reason === 'expired' ? STATUS.TOKEN_EXPIRED : STATUS.TOKEN_INVALID);
}

/** Makes the token check available to every route of the app (routes opt in through their contract). */
export const authGate = fp<AuthGateOptions>(
  async (app: FastifyInstance, options) => {
    app.decorate('authGate', {
      verifyToken: options.verifyToken,
      incompleteAllowed: new Set(options.incompleteAllowed.map((call) => call.path)),
    });
  },
  { name: 'auth-gate' },
);

/**
 * The route-level check of a call whose contract needs a token: 1005 none, 1006 unknown or
 * revoked, 1007 expired. It runs on the matched route (onRequest, before any body is read), so
 * however the URL was spelled (`%61uth`, `//`), the route that answers is the route that checks.
 */
export function tokenCheck(app: FastifyInstance, call: CallDef): onRequestAsyncHookHandler {
  const gate = app.authGate;
  const mayBeIncomplete = gate.incompleteAllowed.has(call.path);
  return async (request) => {
    const auth = await authenticate(request, gate.verifyToken);
    request.auth = auth;
    if (auth.needsCompletion && !mayBeIncomplete) throw new AppError(STATUS.PROFILE_INCOMPLETE);
  };
}

/** The signed-in user of a route that passed its token check. */
export function signedIn(request: FastifyRequest): AuthContext {
  // Only reachable through a route registered with tokenCheck; a miss is a wiring fault.
  if (!request.auth) throw new Error(`no token check on ${request.routeOptions.url}`);
  return request.auth;
}

/** For public routes that behave better for a signed-in user but never refuse a visitor. */
export async function optionalAuth(
  request: FastifyRequest,
  verifyToken: AuthGateOptions['verifyToken'],
): Promise<AuthContext | null> {
  if (!readToken(request)) return null;
  try {
    return await authenticate(request, verifyToken);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
