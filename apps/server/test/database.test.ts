import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/client.js';
import { preparedOn } from '../src/platform/db/prepared-on.js';
import { users } from '../src/platform/db/schema/index.js';
import { createTestDatabase, testDriver } from './support/database.js';
import { buildUser } from './support/factories.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`database on ${testDriver()}`, () => {
  it('applies the migrations', async () => {
    expect(await database.db.$count(users)).toBe(0);
  });

  it('nothing interleaves inside a transaction: a concurrent read never sees uncommitted rows', async () => {
    const { db } = database;
    const events: string[] = [];
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const tx = db
      .transaction(async (t) => {
        await t.insert(users).values({ publicId: 'u_uncommitted', oauthEnum: 'EMAIL' });
        events.push('tx wrote');
        wrote();
        await sleep(50);
        events.push('tx rolls back');
        throw new Error('rollback');
      })
      .catch(() => events.push('tx done'));
    // Read once the row is written but not committed (a fixed sleep lost that race under load).
    await written;
    const seen = await db.$count(users, sql`${users.publicId} = 'u_uncommitted'`);
    events.push(`read saw ${seen}`);
    await tx;
    expect(seen).toBe(0);
    expect(events.indexOf('tx wrote')).toBe(0);
    expect(await db.$count(users)).toBe(0);
  });

  it('concurrent transactions each commit whole', async () => {
    const { db } = database;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction(async (t) => {
          await t.insert(users).values({ publicId: `u_a${i}`, oauthEnum: 'EMAIL' });
          await sleep(1);
          await t.insert(users).values({ publicId: `u_b${i}`, oauthEnum: 'EMAIL' });
        }),
      ),
    );
    expect(await db.$count(users)).toBe(40);
  });

  it('a statement prepared on the database runs inside a transaction, and rolls back with it', async () => {
    const { db } = database;
    const insert = db
      .insert(users)
      .values({ publicId: sql.placeholder('publicId'), oauthEnum: 'EMAIL' })
      .returning({ publicId: users.publicId })
      .prepare('test_insert_user');
    const named = (publicId: string) => sql`${users.publicId} = ${publicId}`;
    let seenInside = -1;
    await db
      .transaction(async (tx) => {
        const [row] = await preparedOn(insert, tx).execute({ publicId: 'u_prepared_rolled_back' });
        expect(row).toEqual({ publicId: 'u_prepared_rolled_back' });
        // Its own transaction sees the row; it is on the transaction's connection, not the pool.
        seenInside = await tx.$count(users, named('u_prepared_rolled_back'));
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(seenInside).toBe(1);
    expect(await db.$count(users, named('u_prepared_rolled_back'))).toBe(0);
    // The statement itself still runs on the database, and again in a transaction that commits.
    await insert.execute({ publicId: 'u_prepared_direct' });
    await db.transaction((tx) => preparedOn(insert, tx).execute({ publicId: 'u_prepared_tx' }));
    expect(await db.$count(users, sql`${users.publicId} like 'u_prepared_%'`)).toBe(2);
  });

  it('emails are unique regardless of case', async () => {
    await buildUser(database.db, { email: 'Case@Example.com' });
    await expect(buildUser(database.db, { email: 'case@example.COM' })).rejects.toThrow();
  });
});
