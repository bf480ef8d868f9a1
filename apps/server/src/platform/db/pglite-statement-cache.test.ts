import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statement-cache.js';

let plain: PGlite;
let cached: PGlite;

const named = async () =>
  (await plain.query<{ statement: string }>('select statement from pg_prepared_statements')).rows
    .map((row) => row.statement)
    .sort();

beforeAll(async () => {
  plain = await PGlite.create('memory://');
  cached = withStatementCache(plain, 4);
  await plain.exec(`create table things (
    id bigserial primary key, name text unique not null, at timestamptz, data jsonb,
    tags text[], price numeric(10, 2), ok boolean)`);
  // Starting PGlite (initdb in WebAssembly) alone takes seconds, more on a busy machine.
}, 60_000);

afterAll(() => plain.close());

describe('PGlite with cached statements', () => {
  it('answers exactly as a plain query, in both row modes and with a query’s own parsers', async () => {
    const insert =
      'insert into things (name, at, data, tags, price, ok) values ($1, $2, $3, $4, $5, $6) returning *';
    const at = new Date('2026-11-24T10:00:00.000Z');
    const values = ['lamp', at, { lit: true, n: [1, 2] }, ['a', 'b,c'], '12.50', false];
    const inserted = await cached.query(insert, values);
    expect(inserted.rows).toEqual([
      {
        id: 1,
        name: 'lamp',
        at,
        data: { lit: true, n: [1, 2] },
        tags: ['a', 'b,c'],
        price: '12.50',
        ok: false,
      },
    ]);
    expect(inserted.affectedRows).toBe(1);

    const select = 'select id, name, at, data, tags, price, ok from things where name = $1';
    for (const rowMode of ['object', 'array'] as const) {
      const options = { rowMode, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
      const mine = await cached.query(select, ['lamp'], options);
      const theirs = await plain.query(select, ['lamp'], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    // The query's own parser applied, the client's for every other column.
    const [row] = (
      await cached.query<{ at: unknown; data: unknown }>(select, ['lamp'], {
        parsers: { [types.TIMESTAMPTZ]: (value: string) => `raw ${value}` },
      })
    ).rows;
    expect(row!.at).toMatch(/^raw 2026-11-24/);
    expect(row!.data).toEqual({ lit: true, n: [1, 2] });
    // A null parameter, and a statement without rows.
    expect((await cached.query(select, [null])).rows).toEqual([]);
    const updated = await cached.query('update things set ok = $1 where name = $2', [true, 'none']);
    expect(updated).toMatchObject({ rows: [], affectedRows: 0 });
  });

  it('parses a text once, keeps the most recent few and re-prepares one it let go', async () => {
    await plain.query('deallocate all');
    const cached = withStatementCache(plain, 4);
    const texts = [1, 2, 3, 4, 5].map((n) => `select $1::int + ${n} as sum`);
    for (let round = 0; round < 3; round++) {
      for (const text of texts.slice(0, 3)) await cached.query(text, [round]);
    }
    expect(await named()).toHaveLength(3);
    for (const text of texts.slice(3)) await cached.query(text, [0]);
    const kept = await named();
    expect(kept).toHaveLength(4);
    expect(kept).not.toContain(texts[0]);
    expect(kept).toEqual([...texts.slice(1)].sort());
    expect((await cached.query<{ sum: number }>(texts[0]!, [10])).rows).toEqual([{ sum: 11 }]);
    expect(await named()).toContain(texts[0]);
  });

  it('fails a bad statement or bad values as PostgreSQL does, and goes on working', async () => {
    await expect(cached.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    const insert = 'insert into things (name) values ($1)';
    await cached.query(insert, ['kettle']);
    await expect(cached.query(insert, ['kettle'])).rejects.toMatchObject({ code: '23505' });
    await expect(cached.query('select $1::int as n', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await cached.query('select $1::int as n', ['7'])).rows).toEqual([{ n: 7 }]);
    await cached.query(insert, ['teapot']);
    const names = await cached.query<{ name: string }>('select name from things order by id');
    expect(names.rows.map((row) => row.name)).toEqual(['lamp', 'kettle', 'teapot']);
  });

  it('runs inside transactions: a rollback undoes, and queries outside wait for the end', async () => {
    const count = async () =>
      (await cached.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n;
    const before = await count();
    await expect(
      cached.transaction(async (tx) => {
        await tx.query('insert into things (name) values ($1)', ['ghost']);
        expect(
          (await tx.query('select name from things where name = $1', ['ghost'])).rows,
        ).toHaveLength(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(before);

    let release!: () => void;
    let started!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = cached.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['chair']);
      started();
      await held;
      await tx.query('insert into things (name) values ($1)', ['table']);
    });
    await inside;
    let answered = false;
    const outside = count().finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toBe(false);
    release();
    await transaction;
    // The outside read waited for the commit: it sees both rows, never one.
    expect(await outside).toBe(before + 2);

    await expect(
      cached.transaction(async (tx) => {
        await expect(
          tx.query('insert into things (name) values ($1)', ['chair']),
        ).rejects.toMatchObject({ code: '23505' });
        // PostgreSQL refuses more work in a failed transaction, cached statement or not.
        await tx.query('select 1');
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await count()).toBe(before + 2);
  });
});
