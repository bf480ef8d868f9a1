import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import { resolveLocale } from './locale.js';

export interface AuthContext {
  userId: number;
  sessionId: number;
  role: 'user' | 'admin';
  /** A social account that has not yet bound its nickname and invite code. */
  needsCompletion: boolean;
  /** A visitor account (DF_ID): it may read, never write; an account never stops being one. */
  visitor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** The visitor id the browser sends as df_id on every call; null only where it is exempt. */
    dfId: string | null;
    /** Set by the token check of calls whose contract needs one (see auth-gate.ts). */
    auth: AuthContext | null;
  }
}

const DF_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export interface RequestContextOptions {
  prefix: string;
  /** Paths under the prefix that may come without df_id: the calls that obtain one, and health. */
  dfIdExempt: readonly string[];
}

function queryValue(request: FastifyRequest, name: string): unknown {
  return (request.query as Record<string, unknown> | undefined)?.[name];
}

/** Reads lang and df_id from every request, before any route runs. */
export const requestContext = fp<RequestContextOptions>(
  async (app: FastifyInstance, options) => {
    const apiPrefix = `${options.prefix}/api/`;
    const exempt = new Set(options.dfIdExempt.map((p) => `${options.prefix}${p}`));

    app.decorateRequest('locale', 'en_US');
    app.decorateRequest('dfId', null);
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      request.locale = resolveLocale(
        queryValue(request, 'lang'),
        request.headers['accept-language'],
      );
      const path = request.url.split('?', 1)[0] ?? '';
      if (!path.startsWith(apiPrefix)) return;
      const dfId = queryValue(request, 'df_id');
      if (typeof dfId === 'string' && DF_ID_PATTERN.test(dfId)) {
        request.dfId = dfId;
        return;
      }
      if (exempt.has(path)) return;
      if (dfId === undefined || dfId === '') throw new AppError(STATUS.MISSING_DEVICE);
      throw new AppError(STATUS.INVALID_PARAMS, 'df_id');
    });
  },
  { name: 'request-context' },
);
