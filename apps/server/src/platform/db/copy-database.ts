import { sql } from 'drizzle-orm';
import {
  countRows,
  publicSequences,
  quoted,
  rowsOf,
  type Sql,
  type TableShape,
  tableShape,
  tablesInReferenceOrder,
} from './catalogue.js';
import type { Db } from './client.js';

/**
 * Copies every row of the `public` schema of one database into another that holds the same
 * migrations and no rows: the move from the embedded database to PostgreSQL. Values travel as
 * PostgreSQL's own text and are cast back to the column's type, so nothing passes through a
 * JavaScript value on the way (a timestamp keeps its microseconds, a bigint its digits).
 */
export class TargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(
      `The target database is not empty: ${tables.join(', ')} already hold rows. ` +
        'Copy only into a new, empty database (create one, run nothing on it first). Nothing was written.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

export interface CopyReport {
  /** Rows per table, counted in the source and again in the target before commit. */
  tables: { name: string; source: number; target: number }[];
  sequences: number;
}

export interface CopyOptions {
  /** Rows fetched from the source at a time. */
  batchRows?: number;
  /** Runs in the target's transaction after the copy; throwing rolls the whole copy back. */
  verify?(source: Sql, target: Sql): Promise<void>;
}

export async function copyDatabase(
  source: Db,
  target: Db,
  { batchRows = 1000, verify }: CopyOptions = {},
): Promise<CopyReport> {
  return source.transaction(async (from) => {
    const order = await tablesInReferenceOrder(from);
    return target.transaction(async (to) => {
      // Held until commit: a server started on the target meanwhile waits, and cannot slip its
      // rows in between the check below and the copy.
      await to.execute(
        sql.raw(
          `lock table ${order.map((t) => `public.${quoted(t)}`).join(', ')} in exclusive mode`,
        ),
      );
      const full: string[] = [];
      for (const table of order) if ((await countRows(to, table)) > 0) full.push(table);
      if (full.length > 0) throw new TargetNotEmptyError(full);

      for (const table of order)
        await copyTable(from, to, await tableShape(from, table), batchRows);
      const sequences = await copySequences(from, to);

      const tables = [];
      for (const name of order) {
        tables.push({
          name,
          source: await countRows(from, name),
          target: await countRows(to, name),
        });
      }
      const differ = tables.filter((t) => t.source !== t.target);
      if (differ.length > 0) {
        throw new Error(
          `row counts differ after the copy (${differ.map((t) => `${t.name}: ${t.source} → ${t.target}`).join(', ')}); nothing was written`,
        );
      }
      await verify?.(from, to);
      return { tables, sequences };
    });
  });
}

async function copyTable(from: Sql, to: Sql, shape: TableShape, batchRows: number) {
  const names = shape.columns.map((c) => quoted(c.name));
  const order = shape.primaryKey.length
    ? ` order by ${shape.primaryKey.map(quoted).join(', ')}`
    : '';
  const cursor = quoted(`copy_${shape.name}`);
  await from.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select ${names.map((n) => `${n}::text`).join(', ')} ` +
        `from public.${quoted(shape.name)}${order}`,
    ),
  );
  // PostgreSQL takes at most 65535 values in one statement.
  const perInsert = Math.max(1, Math.min(batchRows, Math.floor(30_000 / names.length)));
  for (;;) {
    const rows = await rowsOf<Record<string, string | null>>(
      from,
      sql.raw(`fetch ${perInsert} from ${cursor}`),
    );
    if (rows.length === 0) break;
    const values = rows.map(
      (row) =>
        sql`(${sql.join(
          shape.columns.map((c) => sql`${row[c.name] ?? null}::${sql.raw(c.type)}`),
          sql`, `,
        )})`,
    );
    await to.execute(
      sql`insert into ${sql.raw(`public.${quoted(shape.name)} (${names.join(', ')})`)}
          ${sql.raw(shape.alwaysIdentity ? 'overriding system value' : '')}
          values ${sql.join(values, sql`, `)}`,
    );
  }
  await from.execute(sql.raw(`close ${cursor}`));
}

/** Each sequence goes on from where the source's stood, not from the highest id copied. */
async function copySequences(from: Sql, to: Sql): Promise<number> {
  const sequences = await publicSequences(from);
  for (const name of sequences) {
    const [state] = await rowsOf<{ last: string; called: boolean }>(
      from,
      sql.raw(`select last_value::text as last, is_called as called from public.${quoted(name)}`),
    );
    if (!state) continue;
    await to.execute(
      sql`select setval(${`public.${quoted(name)}`}::regclass, ${state.last}::bigint, ${state.called})`,
    );
  }
  return sequences.length;
}
