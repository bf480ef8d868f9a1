import { STATUS } from '@taleforge/contracts/status';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Limiters } from '../shared-state/index.js';
import { AppError } from './app-error.js';

export interface Limit {
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
}

/**
 * Named limits, each counted per IP and per subject (an email address), by the counters `store`
 * makes: this process's own, or every node's together when the install shares state (Redis).
 */
export class RateLimits<Name extends string> {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(limits: Record<Name, { ip: Limit; subject?: Limit }>, store: Limiters) {
    for (const [name, spec] of Object.entries(limits) as [Name, { ip: Limit; subject?: Limit }][]) {
      this.limiters.set(
        `${name}:ip`,
        store.limiter({
          keyPrefix: `${name}:ip`,
          points: spec.ip.points,
          duration: spec.ip.windowSeconds,
        }),
      );
      if (spec.subject) {
        this.limiters.set(
          `${name}:subject`,
          store.limiter({
            keyPrefix: `${name}:subject`,
            points: spec.subject.points,
            duration: spec.subject.windowSeconds,
          }),
        );
      }
    }
  }

  /** Counts one request; refuses with 1003 when the IP or the subject is over its limit. */
  async consume(name: Name, ip: string, subject?: string): Promise<void> {
    try {
      await this.limiters.get(`${name}:ip`)!.consume(ip);
      const bySubject = this.limiters.get(`${name}:subject`);
      if (bySubject && subject) await bySubject.consume(subject.toLowerCase());
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new AppError(STATUS.RATE_LIMITED);
      throw error;
    }
  }
}
