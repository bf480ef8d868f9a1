import { parseArgs } from 'node:util';
import { type InviteCommand, runInviteCommand } from './invite-commands.js';
import { runOnDatabase } from './run-on-database.js';

const USAGE = `Customer service's invite codes.

  npm run invites -- create --count 20 --uses 1 [--expires 2027-01-31] [--note "spring event"]
  npm run invites -- list [--limit 50]
  npm run invites -- grant-admin --email someone@example.com

Uses the same DATABASE_URL / DATA_DIR as the server. On the embedded database, while the server
runs, the command is run by the server (it alone may open the database).`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveInt(value: string | undefined, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    fail(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

function parseCommand(): InviteCommand {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string', default: '1' },
      uses: { type: 'string', default: '1' },
      expires: { type: 'string' },
      note: { type: 'string' },
      limit: { type: 'string', default: '50' },
      email: { type: 'string' },
    },
  });
  switch (positionals[0]) {
    case 'create': {
      const expiresAt = values.expires ? new Date(values.expires) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime()))
        fail('--expires must be a date, e.g. 2027-01-31');
      return {
        command: 'create',
        count: positiveInt(values.count, 'count', 500),
        uses: positiveInt(values.uses, 'uses', 100_000),
        expiresAt: expiresAt?.toISOString() ?? null,
        note: values.note ?? null,
      };
    }
    case 'list':
      return { command: 'list', limit: positiveInt(values.limit, 'limit', 10_000) };
    case 'grant-admin':
      if (!values.email) fail('--email is required');
      return { command: 'grant-admin', email: values.email };
    default:
      fail('Which command?');
  }
}

await runOnDatabase(parseCommand(), runInviteCommand);
