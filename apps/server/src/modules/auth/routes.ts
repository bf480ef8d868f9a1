import { logoutCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { SessionService } from './session-service.js';

export function registerAuthRoutes(app: FastifyInstance, sessions: SessionService): void {
  defineRoute(app, logoutCall, async ({ request }) => {
    await sessions.revoke(request.auth!.sessionId);
    return null;
  });
}
