import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/http/request-context.js';
import { registerFollowRoutes } from './follow-routes.js';
import type { FollowService } from './follow-service.js';
import { registerLikeRoutes } from './like-routes.js';
import type { LikeService } from './like-service.js';
import { registerNotificationRoutes } from './notification-routes.js';
import type { NotificationService } from './notification-service.js';
import type { SocialLimits } from './social-limits.js';

export interface SocialRouteDeps {
  follows: FollowService;
  likes: LikeService;
  notifications: NotificationService;
  /** Per player and per address on every change that notifies someone (decision 36). */
  limits: SocialLimits;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

/** Every social call; each part of the layer registers its own. */
export function registerSocialRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  registerFollowRoutes(app, deps);
  registerLikeRoutes(app, deps);
  registerNotificationRoutes(app, deps);
}
