import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/client.js';
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
    const tx = db
      .transaction(async (t) => {
        await t.insert(users).values({ publicId: 'u_uncommitted', oauthEnum: 'EMAIL' });
        events.push('tx wrote');
        await sleep(50);
        events.push('tx rolls back');
        throw new Error('rollback');
      })
      .catch(() => events.push('tx done'));
    await sleep(10);
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

  it('emails are unique regardless of case', async () => {
    await buildUser(database.db, { email: 'Case@Example.com' });
    await expect(buildUser(database.db, { email: 'case@example.COM' })).rejects.toThrow();
  });
});
