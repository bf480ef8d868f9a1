import { RateLimits } from '../../platform/http/rate-limit.js';
import type { Limiters } from '../../platform/shared-state/index.js';

/**
 * The existence check answers "is this email registered", so it is the tightest: 10 a minute from
 * one address means 1,000 probed emails get at least 990 refusals. Login allows typos but not
 * guessing; the 100-failure account lock stops distributed guessing.
 */
export function createAuthLimits(store: Limiters, scale = 1) {
  const n = (points: number) => Math.max(1, Math.round(points * scale));
  return new RateLimits(
    {
      exist: {
        ip: { points: n(10), windowSeconds: 60 },
        subject: { points: n(10), windowSeconds: 60 },
      },
      ticket: {
        ip: { points: n(10), windowSeconds: 600 },
        subject: { points: n(5), windowSeconds: 600 },
      },
      login: {
        ip: { points: n(30), windowSeconds: 60 },
        subject: { points: n(10), windowSeconds: 60 },
      },
      register: {
        ip: { points: n(10), windowSeconds: 600 },
        subject: { points: n(5), windowSeconds: 600 },
      },
      forget: {
        ip: { points: n(10), windowSeconds: 600 },
        subject: { points: n(5), windowSeconds: 600 },
      },
    },
    store,
  );
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
