import { RateLimits } from '../../platform/http/rate-limit.js';
import type { Limiters } from '../../platform/shared-state/index.js';

/**
 * Comment changes per player (the subject) and per address. Posting is the tightest: a person
 * writes a few comments a minute; likes and reports allow quick taps and retries. Tests and the
 * benchmark raise them with SOCIAL_RATE_LIMIT_SCALE.
 */
export function createCommentLimits(store: Limiters, scale = 1) {
  const n = (points: number) => Math.max(1, Math.round(points * scale));
  return new RateLimits(
    {
      commentPost: {
        ip: { points: n(60), windowSeconds: 60 },
        subject: { points: n(10), windowSeconds: 60 },
      },
      commentLike: {
        ip: { points: n(300), windowSeconds: 60 },
        subject: { points: n(120), windowSeconds: 60 },
      },
      commentReport: {
        ip: { points: n(30), windowSeconds: 60 },
        subject: { points: n(10), windowSeconds: 60 },
      },
    },
    store,
  );
}

export type CommentLimits = ReturnType<typeof createCommentLimits>;
