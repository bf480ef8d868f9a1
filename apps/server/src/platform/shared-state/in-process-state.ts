import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { SharedState } from './shared-state.js';

/** One node: counters in memory, and no other node to tell anything. */
export function createInProcessState(): SharedState {
  return {
    kind: 'in-process',
    limiter: (spec) => new RateLimiterMemory(spec),
    publish() {},
    subscribe() {},
    ping: async () => true,
    close: async () => {},
  };
}
