import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock.js';

/**
 * The embedded database's backup: PGlite's own archive of its data directory (a gzipped tar),
 * taken by the process that has the database open — the only one that may read its files
 * (decision 22). It is taken inside a transaction of its own, so no other transaction is part-way
 * (PGlite runs one at a time), after a checkpoint, so the files hold what the log holds: a
 * restore opens a database as it stood between two transactions.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const archive = await client.dumpDataDir('gzip');
    return new Uint8Array(await archive.arrayBuffer());
  });
}

/**
 * The archive of a database no server has open, as it stands: not migrated first, so a backup
 * taken before starting a new version holds the old one's state.
 */
export async function dumpStoppedPglite(dataDir: string): Promise<Uint8Array> {
  const lock = await acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return await dumpPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    await lock.release();
  }
}

export class RestoreRefusedError extends Error {}

/**
 * Unpacks a backup into DATA_DIR, which must hold no database yet: a restore never overwrites
 * one (move the old directory aside first). The server's migrations bring an older backup up to
 * date when it next starts.
 */
export async function restorePglite(dataDir: string, archive: Uint8Array): Promise<void> {
  const lock = await acquireDataDirLock(dataDir);
  const dir = path.join(dataDir, 'pglite');
  let created = false;
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new RestoreRefusedError(
        `${dataDir} already holds a database: restore into a new DATA_DIR (or move ${dir} aside). Nothing was written.`,
      );
    }
    await mkdir(dir, { recursive: true });
    created = true;
    const client = await PGlite.create(dir, { loadDataDir: new Blob([archive]) });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    // A half-unpacked directory would pass for a database next time: leave none behind.
    if (created) await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.release();
  }
}
