import type { FastifyBaseLogger } from 'fastify';
import { createInProcessState } from './in-process-state.js';
import { createRedisState } from './redis-state.js';
import type { SharedState } from './shared-state.js';

export { createInProcessState } from './in-process-state.js';
export { createRedisState } from './redis-state.js';
export type { Broadcast, LimiterSpec, Limiters, SharedState } from './shared-state.js';

/**
 * The install's shared state: Redis at `url` when one is configured, else this process's own.
 * `namespace` keeps two installs on one Redis apart (the product slug).
 */
export function openSharedState(options: {
  url: string | undefined;
  namespace: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}): SharedState {
  if (!options.url) return createInProcessState();
  return createRedisState({ url: options.url, namespace: options.namespace, log: options.log });
}
