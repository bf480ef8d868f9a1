import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { trackCommits } from './after-commit.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { dumpPglite } from './embedded-backup.js';
import { NODE_LOCK, type NodeLocks, postgresLocks, processLocks } from './node-locks.js';
import { installPgTransactionFix } from './pg-transaction-fix.js';
import { withStatementCache } from './pglite-statement-cache.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The common face of both drivers: modules never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** Connections of the PostgreSQL pool; PGlite has no pool (one connection, always open). */
  poolUse?: () => PoolUse;
  /** The embedded database's backup archive (embedded-backup.ts); PostgreSQL has pg_dump. */
  backup?(): Promise<Uint8Array>;
  /** Work one node at a time does, across every node on this database (node-locks.ts). */
  locks: NodeLocks;
  /** How long opening spent on migrations, checking included (the start's phases, serve.ts). */
  migrationsMs: number;
  close(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small for the load. */
  waiting: number;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite under dataDir is used. */
  url?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** The embedded database's shared_buffers (EMBEDDED_DB_BUFFERS); unset, PostgreSQL's 128MB. */
  embeddedBuffers?: string;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.embeddedBuffers);
}

/**
 * PGlite has one connection. Its own mutex makes every query wait for a running transaction,
 * so nothing interleaves inside one; callers must therefore never use the outer `db` from inside
 * a transaction callback (it would wait for itself) — always the `tx` they are handed.
 *
 * Its files are one process's: two processes writing them corrupt the database, and PGlite does
 * not notice. So the directory is locked first (DataDirLockedError names the holder).
 */
async function openPglite(dataDir: string, buffers: string | undefined): Promise<Database> {
  const options = buffers
    ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffers}`] }
    : {};
  if (dataDir === 'memory://') {
    return pgliteDatabase(await PGlite.create(dataDir, options), async () => {});
  }
  const lock = await acquireDataDirLock(dataDir);
  try {
    const dir = path.join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    return await pgliteDatabase(await PGlite.create(dir, options), () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Milliseconds `work` took. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function pgliteDatabase(client: PGlite, release: () => Promise<void>): Promise<Database> {
  const migrationsMs = await timed(() =>
    migratePglite(drizzlePglite(client), { migrationsFolder }),
  );
  // The migrations ran on the plain client: their DDL is run once and needs no cached statement.
  const db = drizzlePglite(withStatementCache(client), { schema });
  trackCommits(db as unknown as Db);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    backup: () => dumpPglite(client),
    locks: processLocks(),
    migrationsMs,
    async close() {
      await client.close();
      await release();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  installPgTransactionFix();
  // A fixed pool, as HikariCP keeps by default: a connection idle for a while is not closed, so
  // the first requests after a quiet spell do not wait for new connections and for their named
  // statements to be prepared again (that wait set the chat's p99: docs/performance.md).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, min: poolSize });
  // A connection killed under us (failover, pg_terminate_backend) must not crash the process:
  // idle ones report to the pool, checked-out ones to their client (between two statements of a
  // transaction); the statement in flight fails and its transaction rolls back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema });
  const lock = await pool.connect();
  let migrationsMs: number;
  try {
    migrationsMs = await timed(async () => {
      await lock.query('SELECT pg_advisory_lock($1)', [NODE_LOCK.migrations]);
      await migrateNodePg(db, { migrationsFolder });
    });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [NODE_LOCK.migrations]).catch(() => {});
    lock.release();
  }
  trackCommits(db as unknown as Db);
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    locks: postgresLocks(url),
    migrationsMs,
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
