import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import { createFollowService } from './follow-service.js';
import { createLikeService } from './like-service.js';
import { createNotificationService } from './notification-service.js';
import { registerSocialRoutes } from './routes.js';
import { createSocialLimits } from './social-limits.js';

export interface SocialModuleDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Multiplies every follow, like and block rate limit (tests and benchmarks raise it). */
  rateLimitScale: number;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

/** The social layer's services, wired once, and the routes over them. */
export function createSocialModule(deps: SocialModuleDeps) {
  const { db, now, log } = deps;
  const services = {
    follows: createFollowService({ db, now, log }),
    likes: createLikeService({ db, now, log }),
    notifications: createNotificationService({ db, now }),
    limits: createSocialLimits(deps.rateLimitScale),
  };
  return {
    ...services,
    registerRoutes(app: FastifyInstance) {
      registerSocialRoutes(app, { ...services, optionalAuth: deps.optionalAuth });
    },
  };
}
