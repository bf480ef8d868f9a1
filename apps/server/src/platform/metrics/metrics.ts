import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/client.js';

/** Jobs of one queue that wait for a worker, and those a worker is running. */
export interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
}

export interface MetricsSources {
  /** The database pool's connections; unset (PGlite) reports none. */
  poolUse?: (() => PoolUse) | undefined;
  /** Depth of the job queues, read when scraped; null while this node has not opened them. */
  queueDepths?: () => Promise<QueueDepth[] | null>;
  /**
   * The process's own metrics (CPU, memory, event loop delay, garbage collection): they start
   * observers that live as long as the process, so only for an app whose metrics are served.
   */
  processMetrics?: boolean;
}

/** Seconds: a cached read answers in well under 5 ms, a chat reply streams for seconds. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * What this node counts, in a registry of its own: tests build several apps in one process, and
 * each app's numbers must be its own. Counters count this node since it started (Prometheus sums
 * the nodes); the queue depths are the shared database's, so every node reports the same.
 */
export function createMetrics(sources: MetricsSources = {}) {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const latency = new Histogram({
    name: 'taleforge_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern.',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const responses = new Counter({
    name: 'taleforge_http_responses_total',
    help: 'Answers by route pattern and HTTP status (business outcomes are 200 with a body status).',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const { poolUse, queueDepths } = sources;
  if (poolUse) {
    new Gauge({
      name: 'taleforge_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  const chatStreams = new Gauge({
    name: 'taleforge_chat_streams_open',
    help: 'Chat replies streaming to a player right now.',
    registers,
  });
  if (queueDepths) {
    new Gauge({
      name: 'taleforge_jobs',
      help: 'Jobs in the database job queue (all nodes): waiting for a worker, or running.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        // The database down is when the other metrics matter most: the scrape answers without these.
        const depths = await queueDepths().catch(() => null);
        for (const depth of depths ?? []) {
          this.set({ queue: depth.queue, state: 'waiting' }, depth.waiting);
          this.set({ queue: depth.queue, state: 'active' }, depth.active);
        }
      },
    });
  }
  const jobFailures = new Counter({
    name: 'taleforge_job_failures_total',
    help: 'Job runs on this node that failed (a failed transcode is retried; a periodic job runs again).',
    labelNames: ['job'],
    registers,
  });
  const gems = {
    credited: new Counter({
      name: 'taleforge_gems_credited_total',
      help: 'Gems added to wallets (committed ledger entries), by reason.',
      labelNames: ['reason'],
      registers,
    }),
    spent: new Counter({
      name: 'taleforge_gems_spent_total',
      help: 'Gems spent from wallets (committed ledger entries), by reason.',
      labelNames: ['reason'],
      registers,
    }),
    expired: new Counter({
      name: 'taleforge_gems_expired_total',
      help: 'Purchased gems that expired unspent (committed ledger entries).',
      registers,
    }),
  };

  return {
    registry,
    /** The latency histogram and status counter of one route (see request-metrics.ts). */
    route(method: string, route: string, status: number) {
      return {
        latency: latency.labels(method, route),
        responses: responses.labels(method, route, String(status)),
      };
    },
    chatStreams: {
      opened: () => chatStreams.inc(),
      closed: () => chatStreams.dec(),
    },
    jobFailed: (job: string) => jobFailures.inc({ job }),
    /**
     * Committed ledger entries, as the wallet reports them, amounts signed as in the ledger. A
     * transfer (a visitor's gems following them to their account) is neither: the gems stay.
     */
    ledger(entries: readonly { type: string; amount: number }[]) {
      for (const { type, amount } of entries) {
        if (type === 'transfer_in' || type === 'transfer_out') continue;
        if (type === 'expiry') gems.expired.inc(-amount);
        else if (amount > 0) gems.credited.inc({ reason: type }, amount);
        else gems.spent.inc({ reason: type }, -amount);
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
