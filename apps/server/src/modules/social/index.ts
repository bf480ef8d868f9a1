/**
 * What other modules may use of social: follows, blocks, work likes and notifications
 * (decision 36). Comments call `notify` for replies and `isBlocked` before letting one through.
 */
export { isBlocked } from './block-queries.js';
export { type NotifyInput, notify } from './notification-queries.js';
export { createCommentLimits } from './comment-limits.js';
export { registerCommentRoutes } from './comment-routes.js';
export { type CommentService, createCommentService } from './comment-service.js';
