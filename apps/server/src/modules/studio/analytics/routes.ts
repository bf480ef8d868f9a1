import { CALLS, STUDIO_ANALYTICS_CSV_PATH } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../../platform/http/auth-gate.js';
import { defineRoute, gateOf } from '../../../platform/http/route.js';
import { parseInput } from '../../../platform/http/validation.js';
import type { StudioAnalyticsService } from './analytics-service.js';
import { analyticsCsv } from './csv.js';

/** The figures as JSON (the studio's charts) and as a CSV download; the same rules answer both. */
export function registerStudioAnalyticsRoutes(
  app: FastifyInstance,
  analytics: StudioAnalyticsService,
) {
  const call = CALLS.studioAnalytics;
  defineRoute(app, call, ({ query, auth, request }) => analytics.read(auth, query, request.locale));

  // A file, not an envelope: errors still answer in the envelope through the error handler.
  app.get(STUDIO_ANALYTICS_CSV_PATH, gateOf(app, call), async (request, reply) => {
    const query = parseInput(call.query, request.query ?? {}, request.locale, 'query');
    const data = await analytics.read(signedIn(request), query, request.locale);
    const name = `work-${query.id}-analytics-${query.range}.csv`;
    return reply
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(analyticsCsv(data));
  });
}
