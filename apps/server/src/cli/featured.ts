import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { sendAdminCommand } from '../platform/admin-channel.js';
import { openDatabase } from '../platform/db/client.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import { type FeaturedCommand, runFeaturedCommand } from './featured-commands.js';
import type { CommandOutcome } from './invite-commands.js';

const USAGE = `The home page's featured tale: pin a published story, or let the rule choose.

  npm run featured -- show
  npm run featured -- pin --game 12
  npm run featured -- clear

Uses the same DATABASE_URL / DATA_DIR as the server. On the embedded database, while the server
runs, the command is run by the server (it alone may open the database). Servers show the change
within CATALOGUE_CACHE_MS.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseCommand(): FeaturedCommand {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { game: { type: 'string' } },
  });
  switch (positionals[0]) {
    case 'show':
      return { command: 'featured-show' };
    case 'clear':
      return { command: 'featured-clear' };
    case 'pin': {
      const gameId = Number(values.game);
      if (!Number.isInteger(gameId) || gameId < 1 || gameId > 2 ** 31 - 1)
        fail('--game must be a work id, a whole number from 1');
      return { command: 'featured-pin', gameId };
    }
    default:
      fail('Which command?');
  }
}

/** On the database itself, or — when a running server owns the embedded one — through it. */
async function run(command: FeaturedCommand): Promise<CommandOutcome> {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return (await sendAdminCommand(config.dataDir, error.owner.pid, command)) as CommandOutcome;
  }
  try {
    return await runFeaturedCommand(database.db, command);
  } finally {
    await database.close();
  }
}

try {
  const outcome = await run(parseCommand());
  for (const line of outcome.stdout) console.log(line);
  for (const line of outcome.stderr) console.error(line);
  process.exitCode = outcome.code;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
