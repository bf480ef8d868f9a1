import { moderationCommentResolveCall, moderationCommentsCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { CommentModeration } from './moderation-service.js';

/** The moderators' calls on reported comments; the service refuses anyone but an admin. */
export function registerModerationRoutes(app: FastifyInstance, moderation: CommentModeration) {
  defineRoute(app, moderationCommentsCall, ({ query, auth, request }) =>
    moderation.queue(auth.userId, query.cursor, request.locale),
  );
  defineRoute(app, moderationCommentResolveCall, ({ body, auth }) =>
    moderation.resolve(auth.userId, body.comment_id, body.action),
  );
}
