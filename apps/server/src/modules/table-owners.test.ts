import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../platform/db/schema/index.js';

// Only a table's owner writes it (docs/architecture/table-owners.md): this reads the owners from
// that page and every write in the server's code, in the query builder or in raw SQL.

const src = fileURLToPath(new URL('..', import.meta.url));
const ownersPage = fileURLToPath(
  new URL('../../../../docs/architecture/table-owners.md', import.meta.url),
);

function documentedOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [, table, owner] of readFileSync(ownersPage, 'utf8').matchAll(
    /^\|\s*`([a-z_]+)`\s*\|\s*([a-z/]+)\s*\|/gm,
  )) {
    owners.set(table!, owner!);
  }
  return owners;
}

/** Export name → SQL name of every table in the schema. */
const tables = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
);
const sqlNames = new Set(tables.values());

/** The module (or platform part, or top folder) a source file belongs to. */
function writerOf(file: string): string {
  const [top, part] = relative(src, file).split(/[\\/]/);
  if (top === 'modules' || top === 'platform')
    return top === 'modules' ? part! : `platform/${part}`;
  return top!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('db', 'schema')) ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every table a file writes, with the line that does. */
function writesIn(file: string): { table: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const writes: { table: string; line: number }[] = [];
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = tables.get(match[1]!);
    if (table) writes.push({ table, line: lineOf(match.index) });
  }
  for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
    const table = match[1]!.toLowerCase();
    if (sqlNames.has(table)) writes.push({ table, line: lineOf(match.index) });
  }
  return writes;
}

describe('table owners', () => {
  const owners = documentedOwners();

  it('names an owner for every table, and only tables that exist', () => {
    expect([...owners.keys()].sort()).toEqual([...sqlNames].sort());
  });

  it('lets only the owner write a table', () => {
    const strays = sourceFiles(src).flatMap((file) =>
      writesIn(file)
        .filter(({ table }) => owners.get(table) !== writerOf(file))
        .map(
          ({ table, line }) =>
            `${relative(src, file)}:${line} writes ${table}, owned by ${owners.get(table)}`,
        ),
    );
    expect(strays).toEqual([]);
  });

  it('finds writes in the query builder and in raw SQL', () => {
    // The scan itself: if it stopped seeing writes, the test above would pass on anything.
    const wallet = join(src, 'modules', 'wallet');
    const found = sourceFiles(wallet).flatMap((file) => writesIn(file).map((w) => w.table));
    expect(new Set(found)).toEqual(new Set(['wallets', 'wallet_entries', 'gem_lots', 'unlocks']));
  });
});
