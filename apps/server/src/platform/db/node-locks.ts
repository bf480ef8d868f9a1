import pg from 'pg';

/**
 * Work that several nodes on one database must not do at the same time, each under a lock of
 * its own. The numbers are PostgreSQL advisory lock keys: arbitrary, but fixed once used.
 */
export const NODE_LOCK = {
  /** Held by client.ts while it migrates. */
  migrations: 7_346_001,
  demoSeed: 7_346_002,
  demoVideos: 7_346_003,
  lotExpiry: 7_346_004,
  orderTimeout: 7_346_005,
  abandonedReplies: 7_346_006,
  mediaSweep: 7_346_007,
  /** Held while a node installs pg-boss's schema and opens its queues (video/job-queue.ts). */
  videoQueue: 7_346_008,
} as const;

export type NodeLockKey = (typeof NODE_LOCK)[keyof typeof NODE_LOCK];

export interface NodeLocks {
  /** Waits until no other node holds `key`, runs `task` holding it, then lets it go. */
  whileHolding<T>(key: NodeLockKey, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` holding `key` when nobody holds it; when another node does, skips it (`ran` false):
   * for periodic work that the holder is doing already.
   */
  ifFree<T>(key: NodeLockKey, task: () => Promise<T>): Promise<{ ran: boolean; value?: T }>;
}

/**
 * Advisory locks of the database server. Each hold has a connection of its own, outside the pool:
 * a task that queries through a pool of one would otherwise wait for the connection its lock holds.
 * The server lets go of a lock when its connection ends, so a node killed while holding one never
 * blocks the others.
 */
export function postgresLocks(url: string): NodeLocks {
  async function hold<T>(key: number, wait: boolean, task: () => Promise<T>) {
    // Bounded: a database that stopped answering must not hold a periodic job's turn for good.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    // A connection lost while the task runs is the lock lost: the task still ends on its own.
    client.on('error', () => {});
    await client.connect();
    try {
      const { rows } = await client.query<{ held: boolean }>(
        wait
          ? 'SELECT pg_advisory_lock($1) IS NOT NULL AS held'
          : 'SELECT pg_try_advisory_lock($1) AS held',
        [key],
      );
      if (!rows[0]?.held) return { ran: false };
      return { ran: true, value: await task() };
    } finally {
      // Ending the session lets go of its locks; no unlock statement is needed.
      await client.end().catch(() => {});
    }
  }
  return {
    async whileHolding(key, task) {
      return (await hold(key, true, task)).value as Awaited<ReturnType<typeof task>>;
    },
    ifFree: (key, task) => hold(key, false, task),
  };
}

/**
 * The embedded database is one process's alone (data-dir-lock.ts), so the only other holders are
 * other apps built in this process (tests do that): an in-process lock is the whole story.
 */
export function processLocks(): NodeLocks {
  const held = new Map<number, Promise<unknown>>();
  async function run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const running = task();
    const settled = running.catch(() => {});
    held.set(key, settled);
    try {
      return await running;
    } finally {
      if (held.get(key) === settled) held.delete(key);
    }
  }
  return {
    async whileHolding(key, task) {
      for (let current = held.get(key); current; current = held.get(key)) await current;
      return run(key, task);
    },
    async ifFree(key, task) {
      if (held.has(key)) return { ran: false };
      return { ran: true, value: await run(key, task) };
    },
  };
}
