import {
  commentDeleteCall,
  commentLikeCall,
  commentListCall,
  commentPostCall,
  commentRepliesCall,
  commentReportCall,
} from '@taleforge/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/http/request-context.js';
import { defineRoute, writerOf } from '../../platform/http/route.js';
import type { CommentLimits } from './comment-limits.js';
import { createCommentPageAnswers } from './comment-page-answers.js';
import type { CommentService } from './comment-service.js';

export interface CommentRouteDeps {
  comments: CommentService;
  limits: CommentLimits;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

export function registerCommentRoutes(app: FastifyInstance, deps: CommentRouteDeps): void {
  const { comments, limits } = deps;
  const pages = createCommentPageAnswers(writerOf(app, commentListCall));

  defineRoute(app, commentListCall, async ({ query, request }) => {
    const viewer = await deps.optionalAuth(request);
    return pages.answer(await comments.list(query, viewer, request.locale), request.locale);
  });

  defineRoute(app, commentRepliesCall, async ({ query, request }) => {
    const viewer = await deps.optionalAuth(request);
    return comments.replies(query, viewer?.userId ?? null, request.locale);
  });

  defineRoute(app, commentPostCall, async ({ body, auth, request }) => {
    await limits.consume('commentPost', request.ip, String(auth.userId));
    return comments.post(auth.userId, body);
  });

  defineRoute(app, commentDeleteCall, ({ body, auth }) =>
    comments.remove(auth.userId, body.comment_id),
  );

  defineRoute(app, commentLikeCall, async ({ body, auth, request }) => {
    await limits.consume('commentLike', request.ip, String(auth.userId));
    return comments.like(auth.userId, body.comment_id, body.like);
  });

  defineRoute(app, commentReportCall, async ({ body, auth, request }) => {
    await limits.consume('commentReport', request.ip, String(auth.userId));
    return comments.report(auth.userId, body.comment_id, body.reason);
  });
}
