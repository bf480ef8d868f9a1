import type { Database } from '../../platform/db/client.js';
import { pingDatabase } from '../../platform/db/client.js';
import type { EventLoopDelay } from './event-loop.js';

export type PartState = 'up' | 'down';

export interface ReadinessDeps {
  database: Pick<Database, 'db'>;
  /** Whether the shared Redis answers; unset when none is configured (it is then not asked). */
  redisPing?: (() => Promise<boolean>) | undefined;
  /** A part that has not answered by then is down: a stalled database must not stall the probe. */
  timeoutMs?: number;
  eventLoop: EventLoopDelay;
}

export interface Readiness {
  database: PartState;
  redis: PartState | 'not_configured';
  /** How late the event loop ran since the previous probe, in ms. */
  eventLoop: { p99Ms: number; maxMs: number };
}

/** Resolves to false after `ms`, or with the check's own answer (a throw is a false). */
function answersWithin(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const answer = check().catch(() => false);
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * What a load balancer asks before sending players here. Redis down is reported too, though
 * the node still serves (per-node limits): an operator's alert should see it. Both parts are
 * asked at once, so the probe takes as long as the slower one.
 */
export function createReadinessCheck(deps: ReadinessDeps): () => Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  const { redisPing } = deps;
  const database = () => pingDatabase(deps.database.db).then(() => true);
  return async () => {
    const [db, redis] = await Promise.all([
      answersWithin(database, timeoutMs),
      redisPing ? answersWithin(redisPing, timeoutMs) : null,
    ]);
    const state = (up: boolean): PartState => (up ? 'up' : 'down');
    return {
      database: state(db),
      redis: redis === null ? 'not_configured' : state(redis),
      eventLoop: deps.eventLoop.read(),
    };
  };
}
