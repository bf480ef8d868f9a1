import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import type { Database } from '../src/platform/db/client.js';
import { sessions } from '../src/platform/db/schema/index.js';
import { createTestDatabase } from './support/database.js';
import { buildSession } from './support/factories.js';

const CACHE_MS = 5_000;
const HOUR = 3_600_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function clock(start = Date.parse('2026-11-24T12:00:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

/** This process's service, and another process's over the same database. */
function twoProcesses(now: () => Date) {
  const db = database.db;
  return {
    here: createSessionService({ db, ttlDays: 30, now, cacheMs: CACHE_MS }),
    elsewhere: createSessionService({ db, ttlDays: 30, now }),
  };
}

/** Last used over an hour ago: the next check of the session renews it, in a second statement. */
async function makeStale(sessionId: number, now: Date) {
  await database.db
    .update(sessions)
    .set({ lastUsedAt: new Date(now.getTime() - 2 * HOUR) })
    .where(eq(sessions.id, sessionId));
}

/** Waits for a check running in the background: it renews the stale session, then settles. */
async function renewed(sessionId: number, now: Date) {
  await expect
    .poll(async () => {
      const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sessionId));
      return row!.lastUsedAt.getTime();
    })
    .toBe(now.getTime());
  await new Promise((r) => setTimeout(r, 20));
}

describe('the checked-token cache', () => {
  it('checks a token in use again before its window ends, without making the call wait', async () => {
    const time = clock();
    const { user, token } = await buildSession(database.db, { now: time.now });
    const { here, elsewhere } = twoProcesses(time.now);
    const first = await here.verifyToken(token);
    if (!first.ok) throw new Error('the new session is refused');
    const { sessionId } = first.auth;

    // Second half of the window: the call is answered from the cache and a check starts.
    time.advance(3_000);
    await makeStale(sessionId, time.now());
    expect(await here.verifyToken(token)).toEqual(first);
    await renewed(sessionId, time.now());

    // Past the first window, the refreshed entry answers without the database: a revocation
    // elsewhere now is not seen yet…
    time.advance(2_600);
    await elsewhere.revokeAllFor(user.id);
    expect((await here.verifyToken(token)).ok).toBe(true);
    // …and is once the check that call started (within the window of the last one) returns.
    await expect.poll(async () => (await here.verifyToken(token)).ok).toBe(false);
    expect(await here.verifyToken(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('a revocation elsewhere is refused no later than the window after the last check', async () => {
    const time = clock();
    const { user, token } = await buildSession(database.db, { now: time.now });
    const { here, elsewhere } = twoProcesses(time.now);
    expect((await here.verifyToken(token)).ok).toBe(true);
    await elsewhere.revokeAllFor(user.id);
    time.advance(CACHE_MS - 1);
    expect((await here.verifyToken(token)).ok).toBe(true);
    time.advance(1);
    expect(await here.verifyToken(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('a check that read the session before a logout here committed does not keep the token', async () => {
    const time = clock();
    const { token } = await buildSession(database.db, { now: time.now });
    const { here } = twoProcesses(time.now);
    const first = await here.verifyToken(token);
    if (!first.ok) throw new Error('the new session is refused');
    // The cached entry lapses; the next check reads the session, then renews it: the logout's
    // update and forgetting can land between the two.
    time.advance(CACHE_MS);
    await makeStale(first.auth.sessionId, time.now());

    const [during] = await Promise.all([
      here.verifyToken(token),
      here.revoke(first.auth.sessionId),
    ]);
    // Whether that check read the session before the logout or after, once the logout has
    // returned the token opens nothing here.
    expect(during.ok || during.reason === 'revoked').toBe(true);
    expect(await here.verifyToken(token)).toEqual({ ok: false, reason: 'revoked' });
  });
});
