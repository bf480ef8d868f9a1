import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/client.js';
import { createTestDatabase, migratedDataDir, tempDir, testDriver } from './database.js';
import { entryArgs } from './server-process.js';

/**
 * An operator's CLI (`entry`, e.g. `src/cli/invites.ts`) as it is run: its own process, the
 * server's database settings, on a database of its own for the calling file or describe block.
 * PGlite admits one process at a time, so the test's own connection is closed while it runs;
 * read `database` after each run, not before.
 */
export function cliOnTestDatabase(entry: string) {
  let database: Database;
  let env: Record<string, string>;
  let reopen: () => Promise<Database>;

  beforeAll(async () => {
    if (testDriver() === 'postgres') {
      const created = await createTestDatabase();
      database = created;
      env = { DATABASE_URL: created.url!, DATA_DIR: await tempDir() };
      reopen = async () => database;
    } else {
      const dataDir = await migratedDataDir();
      database = await openDatabase({ dataDir });
      env = { DATABASE_URL: '', DATA_DIR: dataDir };
      reopen = async () => {
        database = await openDatabase({ dataDir });
        return database;
      };
    }
  });
  afterAll(async () => {
    await database.close();
  });

  async function run(...args: string[]) {
    if (testDriver() === 'pglite') await database.close();
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [...entryArgs(entry), ...args],
        { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    } finally {
      await reopen();
    }
  }

  return {
    get database() {
      return database;
    },
    run,
  };
}
