/**
 * What other modules may use of social: follows, blocks, work likes and notifications
 * (decision 36). Comments call `notify` for replies and `isBlocked` before letting one through;
 * profiles read the follow counts and the liked list; the assistant's support queue pages with
 * the same cursor.
 */
export { isBlocked } from './block-queries.js';
export { createCommentLimits } from './comment-limits.js';
export { registerCommentRoutes } from './comment-routes.js';
export { type CommentService, createCommentService } from './comment-service.js';
export { countFollowers, countFollowing } from './follow-queries.js';
export { listLikedGameIds } from './like-queries.js';
export { type NotifyInput, notify } from './notification-queries.js';
export { decodePageCursor, encodePageCursor } from './page-cursor.js';
export type { SocialRouteDeps } from './route-deps.js';
export { registerSocialRoutes } from './routes.js';
export { createSocialModule } from './social-module.js';
