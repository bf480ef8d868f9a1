import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';

export type Fingerprint = Record<string, string>;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every row of every table of the database, as one checksum per table: equal fingerprints mean
 * nothing was added, changed or removed (a balance, a ledger entry, a page view, a session).
 */
export async function databaseFingerprint(db: Db): Promise<Fingerprint> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
  );
  const fingerprint: Fingerprint = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number; sum: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
          from ${sql.identifier(name)} t`,
    );
    fingerprint[name] = `${row!.n}:${row!.sum}`;
  }
  return fingerprint;
}
