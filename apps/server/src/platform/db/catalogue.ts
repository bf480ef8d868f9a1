import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * What a whole-database copy needs to know of the `public` schema, read from PostgreSQL's own
 * catalogue so a table added by a later migration is copied without anyone listing it here.
 * Every query is one that PostgreSQL 15 and PGlite answer alike.
 */
export type Sql = Pick<Db | Tx, 'execute'>;

export interface TableShape {
  name: string;
  /** Copied columns and their exact types (stored generated columns are left to the target). */
  columns: { name: string; type: string }[];
  /** An identity column GENERATED ALWAYS needs OVERRIDING SYSTEM VALUE to take a copied id. */
  alwaysIdentity: boolean;
  primaryKey: string[];
}

export async function rowsOf<T>(db: Sql, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function publicTables(db: Sql): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((row) => row.name);
}

export async function publicSequences(db: Sql): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((row) => row.name);
}

export async function tableShape(db: Sql, name: string): Promise<TableShape> {
  const table = `public.${quoted(name)}`;
  const columns = await rowsOf<{ name: string; type: string; identity: string; generated: string }>(
    db,
    sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attidentity::text as identity, a.attgenerated::text as generated
        from pg_attribute a
        where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
  );
  const key = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
        where i.indrelid = ${table}::regclass and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
  );
  return {
    name,
    columns: columns.filter((c) => c.generated !== 's').map(({ name, type }) => ({ name, type })),
    alwaysIdentity: columns.some((c) => c.identity === 'a'),
    primaryKey: key.map((k) => k.name),
  };
}

/**
 * The tables in an order where each comes after every table it references, so rows can be
 * inserted with every foreign key checked. A table referring to itself (a comment's reply) is
 * copied in primary-key order, which puts a parent before its replies.
 */
export async function tablesInReferenceOrder(db: Sql): Promise<string[]> {
  const tables = await publicTables(db);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent from pg_constraint f
        join pg_class ch on ch.oid = f.conrelid join pg_class pa on pa.oid = f.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
        where f.contype = 'f' and n.nspname = 'public' and ch.oid <> pa.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && edges.every((edge) => edge.child !== t || placed.has(edge.parent)),
    );
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t)).join(', ');
      throw new Error(`tables that reference each other in a circle cannot be ordered: ${left}`);
    }
    for (const t of ready) placed.add(t);
    ordered.push(...ready);
  }
  return ordered;
}

export async function countRows(db: Sql, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql.raw(`select count(*) as n from public.${quoted(table)}`),
  );
  return Number(row?.n ?? 0);
}
