// Global setup of the two integration projects: migrates one database per run, which every test
// database then copies, instead of running every migration again for each of them (a fresh
// PGlite spends seconds of CPU in initdb alone; see docs/decisions/0028).
//
// - server-pglite: a migrated data directory, copied file by file (support/database.ts).
// Both first make the server's build current (scripts/ensure-build.mjs): the tests that need a
// process of its own run the server and its CLIs from it (support/server-process.ts).
//
// - server-postgres: makes sure a PostgreSQL runs (scripts/test.mjs starts one first and passes
//   TEST_DATABASE_URL; `npx vitest run --project server-postgres` gets one started and stopped
//   here), then a migrated template database that `CREATE DATABASE … TEMPLATE` copies.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../../../../scripts/ensure-build.mjs';
import { ensurePostgres, stopPostgres } from '../../../../scripts/ensure-postgres.mjs';
import { openDatabase } from '../../src/platform/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** server-pglite: a data directory whose `pglite/` holds the migrated database. */
    pgliteTemplate: string;
    /** server-postgres: the migrated database each test database is created from. */
    postgresTemplate: string;
    /** Where the run's temporary directories go (support/database.ts `tempDir`). */
    testTempRoot: string;
  }
}

export default async function setup(project: TestProject) {
  // Its output on stderr: Vitest's reporters own stdout.
  ensureServerBuild(['ignore', 2, 2]);
  const root = await mkdtemp(path.join(os.tmpdir(), 'tf-run-'));
  project.provide('testTempRoot', root);
  const stopPostgresIfStarted =
    project.config.env.TEST_DATABASE === 'postgres' ? await setupPostgres(project) : undefined;
  if (!stopPostgresIfStarted) await setupPglite(project, root);
  return async () => {
    stopPostgresIfStarted?.();
    await rm(root, { recursive: true, force: true });
  };
}

/** The template lives under the run's root, so the root's removal takes it too. */
async function setupPglite(project: TestProject, root: string) {
  const dataDir = await mkdtemp(path.join(root, 'tf-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  project.provide('pgliteTemplate', dataDir);
}

async function setupPostgres(project: TestProject) {
  let started = false;
  if (!process.env.TEST_DATABASE_URL) {
    const postgres = await ensurePostgres();
    process.env.TEST_DATABASE_URL = postgres.url;
    started = postgres.started;
  }
  project.provide('postgresTemplate', await postgresTemplate(process.env.TEST_DATABASE_URL));
  return () => {
    if (started) stopPostgres();
  };
}

/** Arbitrary constant: one run at a time builds a template on a cluster others may share. */
const TEMPLATE_LOCK_KEY = 7_346_002;

/**
 * The template is named for the migrations it holds, so runs of other checkouts on the same
 * cluster use their own, and a finished one is never touched again: PostgreSQL refuses to copy a
 * database someone is connected to. It is built under another name and renamed when complete.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `tf_template_${await migrationsHash()}`;
  const building = `${name}_building`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), dataDir: '' });
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.end();
  }
  return name;
}

async function migrationsHash(): Promise<string> {
  const folder = fileURLToPath(new URL('../../drizzle', import.meta.url));
  const hash = createHash('sha256');
  const files = await readdir(folder, { recursive: true, withFileTypes: true });
  const paths = files
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of paths) hash.update(path.relative(folder, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 12);
}
