import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** One limit's counter: `points` requests per key in every `duration` seconds. */
export interface LimiterSpec {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** Makes the counters rate limits keep; every node's counters are one when state is shared. */
export interface Limiters {
  limiter(spec: LimiterSpec): RateLimiterAbstract;
}

/**
 * Small messages between the nodes of one install. A message reaches the other nodes, never its
 * sender (which has already done what it says), at most once and not when shared state is down:
 * a handler drops something that is also dropped by a time window, so a lost message costs only
 * that window.
 */
export interface Broadcast {
  publish(topic: string, message: Record<string, unknown>): void;
  subscribe(topic: string, handler: (message: Record<string, unknown>) => void): void;
}

/**
 * What the nodes of one install share: rate-limit counters and broadcasts. In Redis when
 * REDIS_URL is set, else in this process (one node, nobody to tell).
 */
export interface SharedState extends Limiters, Broadcast {
  /** 'redis' or 'in-process': whether other nodes see anything of this. */
  kind: 'redis' | 'in-process';
  /** Does the shared store answer now? Always true in-process, where there is none to ask. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
