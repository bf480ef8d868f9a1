import { loadConfig } from '../config.js';
import { sendAdminCommand } from '../platform/admin-channel.js';
import type { Db } from '../platform/db/client.js';
import { openDatabase } from '../platform/db/client.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import type { CommandOutcome } from './invite-commands.js';

/**
 * Runs an operator's command on the database itself, or — when a running server owns the
 * embedded one — through that server's admin channel; prints what it says and sets the exit code.
 */
export async function runOnDatabase<C>(
  command: C,
  onDatabase: (db: Db, command: C) => Promise<CommandOutcome>,
): Promise<void> {
  try {
    const outcome = await outcomeOf(command, onDatabase);
    for (const line of outcome.stdout) console.log(line);
    for (const line of outcome.stderr) console.error(line);
    process.exitCode = outcome.code;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

async function outcomeOf<C>(
  command: C,
  onDatabase: (db: Db, command: C) => Promise<CommandOutcome>,
): Promise<CommandOutcome> {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return (await sendAdminCommand(config.dataDir, error.owner.pid, command)) as CommandOutcome;
  }
  try {
    return await onDatabase(database.db, command);
  } finally {
    await database.close();
  }
}
