import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { createInviteCodes, listInviteCodes } from '../modules/auth/invites.js';
import { openDatabase } from '../platform/db/client.js';
import { users } from '../platform/db/schema/index.js';

const USAGE = `Customer service's invite codes.

  npm run invites -- create --count 20 --uses 1 [--expires 2027-01-31] [--note "spring event"]
  npm run invites -- list [--limit 50]
  npm run invites -- grant-admin --email someone@example.com

Uses the same DATABASE_URL / DATA_DIR as the server.`;

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

async function main(): Promise<void> {
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
  const command = positionals[0];
  if (!command || !['create', 'list', 'grant-admin'].includes(command)) fail('Which command?');

  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (command === 'create') {
      const expiresAt = values.expires ? new Date(values.expires) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime()))
        fail('--expires must be a date, e.g. 2027-01-31');
      const rows = await createInviteCodes(database.db, {
        count: positiveInt(values.count, 'count', 500),
        uses: positiveInt(values.uses, 'uses', 100_000),
        expiresAt,
        note: values.note ?? null,
      });
      for (const row of rows) console.log(row.code);
      console.error(
        `${rows.length} code(s), ${rows[0]?.maxUses} use(s) each${expiresAt ? `, until ${expiresAt.toISOString()}` : ''}`,
      );
    } else if (command === 'list') {
      const rows = await listInviteCodes(database.db, positiveInt(values.limit, 'limit', 10_000));
      console.log('code        used/max  expires                   note');
      for (const r of rows) {
        console.log(
          `${r.code.padEnd(11)} ${`${r.usedCount}/${r.maxUses}`.padEnd(9)} ${(r.expiresAt?.toISOString() ?? '-').padEnd(25)} ${r.note ?? ''}`,
        );
      }
    } else {
      if (!values.email) fail('--email is required');
      const updated = await database.db
        .update(users)
        .set({ role: 'admin' })
        .where(eq(sql`lower(${users.email})`, values.email.trim().toLowerCase()))
        .returning({ id: users.id });
      if (!updated.length) fail(`No account with the email ${values.email}`);
      console.log(`${values.email} is now an admin`);
    }
  } finally {
    await database.close();
  }
}

await main();
