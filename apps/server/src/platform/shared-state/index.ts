import type { FastifyBaseLogger } from 'fastify';
import { createInProcessState } from './in-process-state.js';
import type { SharedState } from './shared-state.js';

export { createInProcessState } from './in-process-state.js';
export type { Broadcast, LimiterSpec, Limiters, SharedState } from './shared-state.js';

/**
 * The install's shared state: Redis at `url` when one is configured, else this process's own.
 * `namespace` keeps two installs on one Redis apart (the product slug).
 */
export async function openSharedState(options: {
  url: string | undefined;
  namespace: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}): Promise<SharedState> {
  if (!options.url) return createInProcessState();
  // Only an install with Redis loads its client (~0.1 s of every start otherwise).
  const { createRedisState } = await import('./redis-state.js');
  return createRedisState({ url: options.url, namespace: options.namespace, log: options.log });
}
