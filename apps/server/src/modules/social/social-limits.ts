import { RateLimits } from '../../platform/http/rate-limit.js';
import type { Limiters } from '../../platform/shared-state/index.js';

/**
 * Follow, like and block are each a tap, and a toggle pressed in a rush is still a person: 30 a
 * minute for one player is generous for that and dull for a script. An address carries more, as
 * a household or a school shares one.
 */
export function createSocialLimits(store: Limiters, scale = 1) {
  const n = (points: number) => Math.max(1, Math.round(points * scale));
  return new RateLimits(
    {
      follow: {
        ip: { points: n(120), windowSeconds: 60 },
        subject: { points: n(30), windowSeconds: 60 },
      },
      like: {
        ip: { points: n(120), windowSeconds: 60 },
        subject: { points: n(30), windowSeconds: 60 },
      },
      block: {
        ip: { points: n(60), windowSeconds: 60 },
        subject: { points: n(15), windowSeconds: 60 },
      },
    },
    store,
  );
}

export type SocialLimits = ReturnType<typeof createSocialLimits>;
