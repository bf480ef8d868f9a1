import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { NODE_LOCK } from '../src/platform/db/node-locks.js';
import { createTestDatabase, testDriver } from './support/database.js';

// Two nodes on one database: on PostgreSQL two connections of their own (two processes would
// hold the same), on the embedded database the one process that owns it.
let first: Database & { url?: string };
let second: Database;
beforeAll(async () => {
  first = await createTestDatabase();
  second = first.url ? await openDatabase({ url: first.url, dataDir: '' }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

/** A task that runs until `finish` is called, and says when it has started. */
function gatedTask() {
  let finish!: () => void;
  let started!: () => void;
  const startedNow = new Promise<void>((r) => (started = r));
  const done = new Promise<void>((r) => (finish = r));
  return {
    task: async () => {
      started();
      await done;
      return 'first';
    },
    started: startedNow,
    finish,
  };
}

describe(`locks across nodes on ${testDriver()}`, () => {
  it('a holder makes the others skip (ifFree) or wait (whileHolding) until it lets go', async () => {
    const holder = gatedTask();
    const holding = first.locks.whileHolding(NODE_LOCK.lotExpiry, holder.task);
    await holder.started;

    let skippedRan = false;
    const skipped = await second.locks.ifFree(NODE_LOCK.lotExpiry, async () => {
      skippedRan = true;
    });
    expect(skipped.ran).toBe(false);
    expect(skippedRan).toBe(false);

    const order: string[] = [];
    const waiting = second.locks.whileHolding(NODE_LOCK.lotExpiry, async () => {
      order.push('second');
      return 'second';
    });
    // Another key is not held back by this one.
    expect(await second.locks.ifFree(NODE_LOCK.orderTimeout, async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(order).toEqual([]);
    order.push('first lets go');
    holder.finish();
    expect(await holding).toBe('first');
    expect(await waiting).toBe('second');
    expect(order).toEqual(['first lets go', 'second']);
    expect(await second.locks.ifFree(NODE_LOCK.lotExpiry, async () => 1)).toEqual({
      ran: true,
      value: 1,
    });
  });

  it('a failed task lets go of its lock', async () => {
    await expect(
      first.locks.whileHolding(NODE_LOCK.demoSeed, async () => {
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    expect((await second.locks.ifFree(NODE_LOCK.demoSeed, async () => 'ran')).ran).toBe(true);
  });

  it.runIf(testDriver() === 'postgres')(
    'a node whose connection dies (killed) no longer holds its lock',
    async () => {
      const holder = gatedTask();
      const holding = first.locks.whileHolding(NODE_LOCK.orderTimeout, holder.task);
      await holder.started;
      expect((await second.locks.ifFree(NODE_LOCK.orderTimeout, async () => 0)).ran).toBe(false);
      // What the server does when the holder's process is SIGKILLed: its session ends.
      await second.db.execute(
        sql`select pg_terminate_backend(pid) from pg_locks
            where locktype = 'advisory' and objid = ${NODE_LOCK.orderTimeout} and granted`,
      );
      await vi.waitFor(
        async () =>
          expect((await second.locks.ifFree(NODE_LOCK.orderTimeout, async () => 0)).ran).toBe(true),
        { timeout: 5_000, interval: 50 },
      );
      holder.finish();
      await holding;
    },
  );
});
