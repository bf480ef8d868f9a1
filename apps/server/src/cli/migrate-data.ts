import { existsSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { ledgerTotals } from '../modules/wallet/index.js';
import { countRows, publicTables, rowsOf, type Sql } from '../platform/db/catalogue.js';
import { type Database, type DatabaseOptions, openDatabase } from '../platform/db/client.js';
import { copyDatabase, TargetNotEmptyError } from '../platform/db/copy-database.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';

const USAGE = `Moves an embedded install to PostgreSQL.

  npm run migrate-data -- --to postgres://user:password@host:5432/taleforge

Copies every table of the embedded database in DATA_DIR into the PostgreSQL database named by
--to, which must be new and empty (this command applies the migrations to it), then compares the
row counts and the gem ledger's totals on both sides; any difference undoes the whole copy. Stop
the server first, and start servers on the target (DATABASE_URL) only once this has finished.`;

/** A refusal for a person to act on: exit code 1, nothing written. */
class Refused extends Error {}

function parseTarget(): string {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error(`--to must be a postgres:// address\n\n${USAGE}`);
    process.exit(2);
  }
  return values.to;
}

/** Checked before the target is migrated, so a database in use is not touched at all. */
async function checkTargetBeforehand(url: string, ours: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzle(client) as unknown as Sql;
    const tables = await publicTables(db);
    const foreign = tables.filter((t) => !ours.includes(t));
    if (foreign.length > 0) {
      throw new Refused(
        `The target holds tables Taleforge does not have (${foreign.join(', ')}): give a new database of its own. Nothing was written.`,
      );
    }
    const full: string[] = [];
    for (const table of tables) if ((await countRows(db, table)) > 0) full.push(table);
    if (full.length > 0) throw new TargetNotEmptyError(full);
  } finally {
    await client.end();
  }
}

async function openSource(options: DatabaseOptions): Promise<Database> {
  const { dataDir } = options;
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Refused(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  }
  try {
    return await openDatabase({ ...options, url: undefined });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Refused(`${error.message}\nStop the server first: the copy must see every write.`);
  }
}

async function run(url: string): Promise<void> {
  const config = loadConfig();
  const source = await openSource(config.database);
  let target: Database | undefined;
  try {
    // A transcode's job lives in the embedded queue, which is not copied: let it finish first.
    const [busy] = await rowsOf<{ n: string }>(
      source.db,
      sql`select count(*)::text as n from videos where state in ('queued', 'processing')`,
    );
    if (Number(busy?.n) > 0) {
      throw new Refused(
        `${busy?.n} video(s) are still being transcoded: start the server, let them finish, stop it and run this again.`,
      );
    }
    await checkTargetBeforehand(url, await publicTables(source.db));
    target = await openDatabase({ url, dataDir: config.dataDir, poolSize: 2 });
    const report = await copyDatabase(source.db, target.db, {
      async verify(from, to) {
        const [before, after] = [await ledgerTotals(from), await ledgerTotals(to)];
        if (!isDeepStrictEqual(before, after)) {
          throw new Error(
            `the gem ledger differs after the copy (${JSON.stringify(before)} → ${JSON.stringify(after)}); nothing was written`,
          );
        }
        const totals = `${after.balances} gems held, ledger entries sum to ${after.entries}, lots hold ${after.lots}`;
        console.log(`ledger: ${totals}; the same on both sides`);
        if (after.unbalanced > 0) {
          console.warn(
            `${after.unbalanced} wallet(s) do not match their entries (copied as they are)`,
          );
        }
      },
    });
    for (const table of report.tables) console.log(`${table.name.padEnd(22)} ${table.target}`);
    console.log(
      `${report.tables.length} tables copied, row counts equal on both sides; ${report.sequences} sequences set.`,
    );
  } finally {
    await target?.close();
    await source.close();
  }
}

try {
  await run(parseTarget());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
