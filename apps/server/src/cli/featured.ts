import { parseArgs } from 'node:util';
import { type FeaturedCommand, runFeaturedCommand } from './featured-commands.js';
import { runOnDatabase } from './run-on-database.js';

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

await runOnDatabase(parseCommand(), runFeaturedCommand);
