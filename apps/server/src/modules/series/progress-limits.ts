import { RateLimits } from '../../platform/http/rate-limit.js';
import type { Limiters } from '../../platform/shared-state/index.js';

/**
 * The player saves its position every five seconds while playing, and on pause and close: twelve
 * a minute and a few more. Ten times that for one viewer still leaves room for seeking back and
 * forth; an address carries more, as a household or a school shares one.
 */
export function createProgressLimits(store: Limiters) {
  return new RateLimits(
    {
      progress: {
        ip: { points: 1_200, windowSeconds: 60 },
        subject: { points: 120, windowSeconds: 60 },
      },
    },
    store,
  );
}

export type ProgressLimits = ReturnType<typeof createProgressLimits>;
