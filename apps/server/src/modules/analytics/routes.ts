import { pageViewCall } from '@taleforge/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import { defineRoute } from '../../platform/http/route.js';
import { insertPageView } from './queries.js';

export interface AnalyticsDeps {
  db: Db;
  /** The signed-in user if the request carries a valid token; page views never fail on auth. */
  optionalAuth(request: FastifyRequest): Promise<AuthContext | null>;
}

export function registerAnalyticsRoutes(app: FastifyInstance, deps: AnalyticsDeps): void {
  defineRoute(app, pageViewCall, async ({ body, request }) => {
    const auth = await deps.optionalAuth(request);
    await insertPageView(deps.db, {
      dfId: request.dfId,
      userId: auth?.userId ?? null,
      path: body.path,
      title: body.title,
      referrer: body.referrer ?? null,
      lang: request.locale,
    });
    return null;
  });
}
