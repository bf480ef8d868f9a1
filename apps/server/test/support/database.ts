import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/platform/db/client.js';

export type TestDriver = 'pglite' | 'postgres';

/** Which real database this run of the suite uses: the same tests run on both. */
export function testDriver(): TestDriver {
  const driver = process.env.TEST_DATABASE ?? 'pglite';
  if (driver !== 'pglite' && driver !== 'postgres') throw new Error(`TEST_DATABASE=${driver}`);
  return driver;
}

export async function tempDir(prefix = 'tf-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * A fresh, empty, migrated database of its own for the caller: a PGlite in a new directory, or a
 * new database on the test PostgreSQL server (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDriver() === 'pglite') return openDatabase({ dataDir: await tempDir() });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required when TEST_DATABASE=postgres');
  const name = `tf_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
