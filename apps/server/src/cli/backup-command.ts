import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminHandler } from '../platform/admin-channel.js';
import type { Database } from '../platform/db/client.js';

/**
 * The backup as an operator command. The running server that owns the embedded database takes
 * it (nobody else may read the files) and writes it into its own DATA_DIR/backups, where the
 * CLI picks it up; with the server stopped the CLI opens the database and takes it itself.
 */
export const backupCommand = { command: 'backup' } as const;

export interface BackupWritten {
  file: string;
  bytes: number;
}

/** Written whole, then renamed: a half-written archive never carries the final name. */
export async function writeBackup(database: Database, file: string): Promise<BackupWritten> {
  if (!database.backup) throw new Error('only the embedded database is backed up this way');
  return writeArchive(await database.backup(), file);
}

export async function writeArchive(archive: Uint8Array, file: string): Promise<BackupWritten> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  // It holds every account's data, password hashes included: the server's user alone reads it.
  try {
    await writeFile(partial, archive, { mode: 0o600, flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
  return { file, bytes: archive.length };
}

/** Adds the backup to the server's admin channel; any other command goes on to `next`. */
export function withBackupCommand(
  next: AdminHandler,
  database: Database,
  dataDir: string,
): AdminHandler {
  return async (body) => {
    if ((body as { command?: unknown } | null)?.command !== backupCommand.command)
      return next(body);
    const name = `taleforge-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`;
    return writeBackup(database, path.join(dataDir, 'backups', name));
  };
}
