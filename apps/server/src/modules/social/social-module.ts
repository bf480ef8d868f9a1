import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import type { Limiters } from '../../platform/shared-state/index.js';
import { createFollowService } from './follow-service.js';
import { createLikeService } from './like-service.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { createCommentModeration } from './moderation-service.js';
import { createNotificationService } from './notification-service.js';
import { registerSocialRoutes } from './routes.js';
import { createSocialLimits } from './social-limits.js';
import { createSocialReadCache } from './social-read-cache.js';

export interface SocialModuleDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Multiplies every follow, like and block rate limit (tests and benchmarks raise it). */
  rateLimitScale: number;
  /** Where rate-limit counters live: this process, or every node's together. */
  limiters: Limiters;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

/**
 * The social layer's services, wired once, and the routes over them. `readCache` is the one the
 * comment service must share, so that a comment drops the counts the like service serves.
 */
export function createSocialModule(deps: SocialModuleDeps) {
  const { db, now, log } = deps;
  const readCache = createSocialReadCache(now);
  const services = {
    follows: createFollowService({ db, now, log }),
    likes: createLikeService({ db, now, log, cache: readCache }),
    notifications: createNotificationService({ db, now }),
    limits: createSocialLimits(deps.limiters, deps.rateLimitScale),
  };
  const moderation = createCommentModeration({ db, now, cache: readCache });
  return {
    ...services,
    readCache,
    registerRoutes(app: FastifyInstance) {
      registerSocialRoutes(app, { ...services, optionalAuth: deps.optionalAuth });
      registerModerationRoutes(app, moderation);
    },
  };
}
