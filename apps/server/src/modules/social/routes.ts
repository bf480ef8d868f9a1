import type { FastifyInstance } from 'fastify';
import { registerFollowRoutes } from './follow-routes.js';
import { registerLikeRoutes } from './like-routes.js';
import { registerNotificationRoutes } from './notification-routes.js';
import type { SocialRouteDeps } from './route-deps.js';

/** Every social call; each part of the layer registers its own. */
export function registerSocialRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  registerFollowRoutes(app, deps);
  registerLikeRoutes(app, deps);
  registerNotificationRoutes(app, deps);
}
