import { healthCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { pingDatabase } from '../../platform/db/client.js';
import { defineRoute } from '../../platform/http/route.js';

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  defineRoute(app, healthCall, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    await pingDatabase(database.db);
    return { status: 'ok' as const, database: database.driver };
  });
}
