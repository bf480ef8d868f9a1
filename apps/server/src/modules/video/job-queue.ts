import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/client.js';
import { NODE_LOCK, type NodeLocks } from '../../platform/db/node-locks.js';
import { GIVEN_UP_QUEUE, TRANSCODE_QUEUE } from './transcode-job.js';

type QueryResult = { rows: unknown[]; rowCount: number };

/** What pg-boss needs of a database: one function that runs SQL text with its values. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<QueryResult>;
  /** PGlite is one process's alone: a job still active when it opens was left by a dead one. */
  single: boolean;
}

/**
 * pg-boss over our own database, PGlite or PostgreSQL, instead of a pool of its own. Its schema
 * changes and maintenance come as several statements in one text (BEGIN … COMMIT) with no
 * values; PGlite runs those through `exec`. A failed one leaves its transaction aborted on the
 * connection, so it is rolled back before the connection serves anyone else.
 */
export function bossDb(db: Db): BossDb {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    return {
      single: false,
      async executeSql(text, values) {
        if (values?.length) return normalise(await client.query(text, values));
        const connection = await client.connect();
        try {
          const result = await connection.query(text);
          return normalise(Array.isArray(result) ? lastWithRows(result) : result);
        } catch (error) {
          await connection.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          connection.release();
        }
      },
    };
  }
  return {
    single: true,
    async executeSql(text, values) {
      if (values?.length) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      try {
        const results = await client.exec(text);
        const last = lastWithRows(results);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/** Of several statements' results, the one a caller reads: the last that returned columns. */
function lastWithRows<T extends { fields?: unknown[] }>(results: T[]): T | undefined {
  return results.findLast((result) => (result.fields?.length ?? 0) > 0) ?? results.at(-1);
}

function normalise(result: pg.QueryResult | undefined): QueryResult {
  return { rows: result?.rows ?? [], rowCount: result?.rowCount ?? 0 };
}

export interface QueueOptions {
  maintenanceIntervalSeconds?: number;
}

/** pg-boss, loaded when the video pipeline starts, after the server is ready (~0.1 s). */
export async function createBoss(db: BossDb, options: QueueOptions): Promise<PgBoss> {
  const { default: PgBoss } = await import('pg-boss');
  return new PgBoss({
    db: { executeSql: db.executeSql },
    schema: 'pgboss',
    // No cron schedules here: the timekeeper would poll for nothing.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
}

/**
 * Installs pg-boss's schema (once per database) and the two queues: transcodes, retried twice,
 * and the ones it gave up on. The settings are written again each start, so a changed one holds.
 * One node at a time: pg-boss creates its schema and each queue's table without a lock of its
 * own, so nodes of a new install starting together failed there (a duplicate schema, deadlocks
 * attaching the tables: 3 of 4 nodes lost their video pipeline, every time).
 */
export function openQueues(
  boss: PgBoss,
  locks: NodeLocks,
  retryDelaySeconds: number,
): Promise<PgBoss> {
  return locks.whileHolding(NODE_LOCK.videoQueue, () => install(boss, retryDelaySeconds));
}

async function install(boss: PgBoss, retryDelaySeconds: number): Promise<PgBoss> {
  await boss.start();
  await boss.createQueue(GIVEN_UP_QUEUE, { name: GIVEN_UP_QUEUE });
  const settings = {
    name: TRANSCODE_QUEUE,
    retryLimit: 2,
    retryDelay: retryDelaySeconds,
    deadLetter: GIVEN_UP_QUEUE,
  };
  await boss.createQueue(TRANSCODE_QUEUE, settings);
  await boss.updateQueue(TRANSCODE_QUEUE, settings);
  return boss;
}

/** The ids of the queue's jobs marked active: on a single-node database, orphans of a crash. */
export async function activeJobIds(db: BossDb, queue: string): Promise<string[]> {
  const { rows } = await db.executeSql(
    `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
    [queue],
  );
  return (rows as { id: string }[]).map((row) => row.id);
}
