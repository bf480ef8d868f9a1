import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import type { AuthContext } from './request-context.js';

export type TokenCheck =
  | { ok: true; auth: AuthContext }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

export interface AuthHookOptions {
  prefix: string;
  /** The calls an account with an unfinished profile may still make (under the prefix). */
  incompleteAllowed: readonly string[];
  verifyToken(token: string): Promise<TokenCheck>;
}

/** Our tokens are base64url; anything else cannot be one and needs no database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/** The raw token from Authorization; a `Bearer ` prefix is accepted too. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

export async function authenticate(
  request: FastifyRequest,
  verifyToken: AuthHookOptions['verifyToken'],
): Promise<AuthContext> {
  const token = readToken(request);
  if (!token) throw new AppError(STATUS.NO_TOKEN);
  if (!TOKEN_PATTERN.test(token)) throw new AppError(STATUS.TOKEN_INVALID);
  const check = await verifyToken(token);
  if (check.ok) return check.auth;
  throw new AppError(check.reason === 'expired' ? STATUS.TOKEN_EXPIRED : STATUS.TOKEN_INVALID);
}

/** Every path under /api/auth/ needs a token: 1005 none, 1006 unknown or revoked, 1007 expired. */
export const authHook = fp<AuthHookOptions>(
  async (app: FastifyInstance, options) => {
    const authPrefix = `${options.prefix}/api/auth/`;
    const allowed = new Set(options.incompleteAllowed.map((p) => `${options.prefix}${p}`));
    // onRequest: refused before any body is read or parsed.
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith(authPrefix)) return;
      const auth = await authenticate(request, options.verifyToken);
      request.auth = auth;
      if (auth.needsCompletion && !allowed.has(request.url.split('?', 1)[0] ?? '')) {
        throw new AppError(STATUS.PROFILE_INCOMPLETE);
      }
    });
  },
  { name: 'auth-hook', dependencies: ['request-context'] },
);

/** For public routes that behave better for a signed-in user but never refuse a visitor. */
export async function optionalAuth(
  request: FastifyRequest,
  verifyToken: AuthHookOptions['verifyToken'],
): Promise<AuthContext | null> {
  if (!readToken(request)) return null;
  try {
    return await authenticate(request, verifyToken);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
