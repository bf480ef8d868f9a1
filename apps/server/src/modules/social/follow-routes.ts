import { blockCall, followCall, followListCall, relationCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { SocialRouteDeps } from './route-deps.js';

export function registerFollowRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  const { follows, limits, optionalAuth } = deps;

  defineRoute(app, relationCall, async ({ query, request }) => {
    const viewer = await optionalAuth(request);
    return follows.relation(query.taleforge_id, viewer?.userId ?? null);
  });

  defineRoute(app, followCall, async ({ body, auth, request }) => {
    await limits.consume('follow', request.ip, String(auth.userId));
    return follows.follow(auth.userId, body.taleforge_id, body.follow);
  });

  defineRoute(app, followListCall, async ({ query, request }) => {
    const viewer = await optionalAuth(request);
    return follows.list(query, viewer?.userId ?? null);
  });

  defineRoute(app, blockCall, async ({ body, auth, request }) => {
    await limits.consume('block', request.ip, String(auth.userId));
    return follows.block(auth.userId, body.taleforge_id, body.block);
  });
}
