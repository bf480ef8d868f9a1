import { workLikeCall, workSocialCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, writerOf } from '../../platform/http/route.js';
import type { SocialRouteDeps } from './route-deps.js';
import { createWorkSocialAnswers } from './work-social-answers.js';

export function registerLikeRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  const { likes, limits, optionalAuth } = deps;
  const counts = createWorkSocialAnswers(writerOf(app, workSocialCall));

  defineRoute(app, workSocialCall, async ({ query, request }) => {
    const viewer = await optionalAuth(request);
    return counts.answer(await likes.read(query.game_id, viewer), request.locale);
  });

  defineRoute(app, workLikeCall, async ({ body, auth, request }) => {
    await limits.consume('like', request.ip, String(auth.userId));
    return likes.like(auth.userId, body.game_id, body.like);
  });
}
