import { existsSync } from 'node:fs';
import { copyFile, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { sendAdminCommand } from '../platform/admin-channel.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import {
  dumpStoppedPglite,
  RestoreRefusedError,
  restorePglite,
} from '../platform/db/embedded-backup.js';
import { type BackupWritten, backupCommand, writeArchive } from './backup-command.js';

const USAGE = `The embedded database's backup (DATA_DIR; on PostgreSQL use pg_dump and pg_restore).

  npm run backup -- create --out taleforge-2026-11-28.tar.gz
  npm run backup -- restore taleforge-2026-11-28.tar.gz

create works while the server runs (the server takes the copy, between two transactions) and
when it is stopped. restore unpacks into a DATA_DIR that holds no database yet, server stopped;
the server brings an older backup up to date when it starts. Media files (DATA_DIR/media) and the
install's keys (DATA_DIR/keys: visitor ids, signed media addresses, webhooks) are not in the
archive: copy those folders beside it and back into the new DATA_DIR.`;

class Refused extends Error {}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Moves the server's file to where the operator asked, across file systems if need be. */
async function moveTo(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch {
    await copyFile(from, to);
    await unlink(from);
  }
}

async function create(dataDir: string, out: string): Promise<BackupWritten> {
  if (existsSync(out)) throw new Refused(`${out} exists already: name a new file.`);
  if (!existsSync(path.dirname(out))) throw new Refused(`${path.dirname(out)} does not exist.`);
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Refused(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  }
  let archive: Uint8Array;
  try {
    archive = await dumpStoppedPglite(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const taken = (await sendAdminCommand(
      dataDir,
      error.owner.pid,
      backupCommand,
    )) as BackupWritten;
    try {
      await moveTo(taken.file, out);
    } catch (moveError) {
      // The server's copy holds every account's data: it must not stay behind unnoticed.
      await unlink(taken.file).catch(() => {});
      throw moveError;
    }
    return { file: out, bytes: taken.bytes };
  }
  return writeArchive(archive, out);
}

async function restore(dataDir: string, file: string): Promise<void> {
  const archive = await readFile(file).catch(() => {
    throw new Refused(`Cannot read ${file}.`);
  });
  try {
    await restorePglite(dataDir, archive);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new Refused(error.message);
    if (error instanceof RestoreRefusedError) throw new Refused(error.message);
    throw error;
  }
}

async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  const config = loadConfig();
  if (config.DATABASE_URL) fail('DATABASE_URL is set: back PostgreSQL up with pg_dump.');
  const [command, file] = positionals;
  if (command === 'create') {
    if (!values.out) fail('--out is required');
    const written = await create(config.dataDir, path.resolve(values.out));
    console.log(`backup written to ${written.file} (${written.bytes} bytes)`);
  } else if (command === 'restore') {
    if (!file) fail('Which file?');
    await restore(config.dataDir, path.resolve(file));
    console.log(`restored ${file} into ${config.dataDir}; start the server on it`);
  } else {
    fail('Which command?');
  }
}

try {
  await run();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
