import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/client.js';

const run = promisify(execFile);

export type TestDriver = 'pglite' | 'postgres';

/** Which real database this run of the suite uses: the same tests run on both. */
export function testDriver(): TestDriver {
  const driver = process.env.TEST_DATABASE ?? 'pglite';
  if (driver !== 'pglite' && driver !== 'postgres') throw new Error(`TEST_DATABASE=${driver}`);
  return driver;
}

/**
 * A new directory under the run's own temporary root, which the global setup removes when the run
 * ends: thousands of data directories a run makes never outlive it.
 */
export async function tempDir(prefix = 'tf-test-'): Promise<string> {
  return mkdtemp(path.join(inject('testTempRoot') ?? os.tmpdir(), prefix));
}

/** As the integration projects set it (vitest.config.ts) for the processes they spawn too. */
const embeddedBuffers = process.env.EMBEDDED_DB_BUFFERS;

let ownPgliteTemplate: Promise<string> | undefined;

/**
 * The migrated PGlite to copy: the one the global setup made (server-pglite), or on the postgres
 * project, whose tests seldom need one, one made on first need and kept for the worker's later
 * files (it lives under the run's root like every tempDir).
 */
function pgliteTemplate(): Promise<string> {
  const provided = inject('pgliteTemplate');
  if (provided) return Promise.resolve(provided);
  ownPgliteTemplate ??= (async () => {
    const dataDir = await tempDir('tf-template-');
    await (await openDatabase({ dataDir, embeddedBuffers })).close();
    return dataDir;
  })();
  return ownPgliteTemplate;
}

/**
 * A new DATA_DIR that already holds a migrated PGlite, copied from a template (support/
 * global-setup.ts): for the tests that hand a data directory to a server or a CLI of their own.
 * Starting from an empty one costs seconds of initdb.
 *
 * Copied by the system's `cp`: Node 20's `fs.cp` walks the template's 1,240 files in JavaScript,
 * 0.4 CPU s a copy against 0.05 (docs/performance.md).
 */
export async function migratedDataDir(): Promise<string> {
  const dataDir = await tempDir();
  await run('cp', [
    '-R',
    path.join(await pgliteTemplate(), 'pglite'),
    path.join(dataDir, 'pglite'),
  ]);
  return dataDir;
}

/**
 * A fresh, empty, migrated database of its own for the caller: a PGlite in a new directory, or a
 * new database on the test PostgreSQL server (dropped again on close). Both are copies of the
 * database the global setup migrated; opening one still checks that no migration is missing.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDriver() === 'pglite') {
    return openDatabase({ dataDir: await migratedDataDir(), embeddedBuffers });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required when TEST_DATABASE=postgres');
  const name = `tf_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
