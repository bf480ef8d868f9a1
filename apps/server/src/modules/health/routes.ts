import { healthCall, healthLiveCall, healthReadyCall } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { pingDatabase } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import type { Readiness } from './readiness.js';

export interface HealthDeps {
  database: Database;
  ready: () => Promise<Readiness>;
}

export function registerHealthRoutes(app: FastifyInstance, { database, ready }: HealthDeps): void {
  defineRoute(app, healthCall, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    await pingDatabase(database.db);
    return { status: 'ok' as const, database: database.driver };
  });

  // Asks nothing else: a node whose database is down is alive, and restarting it would not help.
  defineRoute(app, healthLiveCall, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  defineRoute(app, healthReadyCall, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const { database: db, redis, eventLoop } = await ready();
    if (db === 'down' || redis === 'down') {
      const down = [db === 'down' ? 'database' : null, redis === 'down' ? 'redis' : null];
      throw new AppError(STATUS.UNAVAILABLE, down.filter(Boolean).join(', '), 503);
    }
    return {
      status: 'ready' as const,
      database: db,
      redis,
      event_loop: { delay_p99_ms: eventLoop.p99Ms, delay_max_ms: eventLoop.maxMs },
    };
  });
}
