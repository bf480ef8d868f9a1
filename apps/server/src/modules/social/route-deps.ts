import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/http/request-context.js';
import type { FollowService } from './follow-service.js';
import type { LikeService } from './like-service.js';
import type { NotificationService } from './notification-service.js';
import type { SocialLimits } from './social-limits.js';

/** What every part of the social layer's routes is given; each part adds its own service. */
export interface SocialRouteDeps {
  follows: FollowService;
  likes: LikeService;
  notifications: NotificationService;
  /** Per player and per address on every change that notifies someone (decision 36). */
  limits: SocialLimits;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}
