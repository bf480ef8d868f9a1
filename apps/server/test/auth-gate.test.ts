import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import { users } from '../src/platform/db/schema/index.js';
import { buildSession, buildUser } from './support/factories.js';
import { api, apiRaw, call } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSION_TTL_DAYS: '1' });
});
afterAll(() => server.close());

const DAY = 86_400_000;

describe('/api/auth/ needs a token', () => {
  it('no Authorization header → 1005, localized', async () => {
    const res = await api(server, CALLS.gameList, { lang: 'zh_CN' });
    expect(res).toMatchObject({ http: 200, status: 1005, desc: '请先登录', data: null });
  });

  it('garbage Authorization headers → 1006 or 1005, never a fault', async () => {
    const garbage = [
      'Bearer',
      'Bearer ',
      'x',
      'Basic dXNlcjpwYXNz',
      '\u00ff\u00fe'.repeat(40),
      'a'.repeat(5000),
      'Bearer ../../etc/passwd',
      "' OR 1=1 --",
    ];
    for (const header of garbage) {
      const res = await api(server, CALLS.gameList, { headers: { authorization: header } });
      expect(res.http).toBe(200);
      expect([1005, 1006]).toContain(res.status);
    }
  });

  it('a well-formed but unknown token → 1006', async () => {
    const res = await api(server, CALLS.gameList, { token: 'A'.repeat(43) });
    expect(res.status).toBe(1006);
  });

  it('a valid token passes as raw value and with a Bearer prefix', async () => {
    const { token } = await buildSession(server.database.db, { now: () => server.clock.now });
    expect((await api(server, CALLS.gameList, { token })).status).toBe(200);
    expect((await api(server, CALLS.gameList, { token: `Bearer ${token}` })).status).toBe(200);
  });

  it('an expired token → 1007; use renews a sliding session', async () => {
    const user = await buildUser(server.database.db);
    const sessions = createSessionService({
      db: server.database.db,
      ttlDays: 1,
      now: () => server.clock.now,
    });
    const { token } = await sessions.createSession(user.id);
    server.clock.advance(DAY / 2);
    expect((await api(server, CALLS.gameList, { token })).status).toBe(200);
    // Renewed at half-life: still valid a day after it was issued.
    server.clock.advance(DAY * 0.75);
    expect((await api(server, CALLS.gameList, { token })).status).toBe(200);
    server.clock.advance(DAY + 1000);
    expect(await api(server, CALLS.gameList, { token })).toMatchObject({
      status: 1007,
      desc: 'Your session has expired, please log in again',
    });
  });

  it('logout revokes the token for good → 1006', async () => {
    const { token } = await buildSession(server.database.db, { now: () => server.clock.now });
    expect((await api(server, CALLS.logout, { token })).status).toBe(200);
    expect((await api(server, CALLS.gameList, { token })).status).toBe(1006);
    expect((await api(server, CALLS.logout, { token })).status).toBe(1006);
  });

  it('the token is refused before the body is read', async () => {
    const res = await apiRaw(server, CALLS.gameEvent, { body: '{not json' });
    expect(res.status).toBe(1005);
  });

  it('a logout in another server process is refused here once the checked token lapses', async () => {
    const now = () => server.clock.now;
    const { user, token } = await buildSession(server.database.db, { now });
    expect((await api(server, CALLS.gameList, { token })).status).toBe(200);
    // Another process: its own session service over the same database.
    const elsewhere = createSessionService({ db: server.database.db, ttlDays: 1, now });
    await elsewhere.revokeAllFor(user.id);
    // This process trusts what it checked for SESSION_CACHE_MS (5 s by default), no longer.
    server.clock.advance(5_000);
    expect((await api(server, CALLS.gameList, { token })).status).toBe(1006);
  });

  it('a social account owing its nickname is checked on every call, so binding it opens the app at once', async () => {
    const user = await buildUser(server.database.db, { oauthEnum: 'DISCORD', email: null });
    const sessions = createSessionService({
      db: server.database.db,
      ttlDays: 1,
      now: () => server.clock.now,
    });
    const { token } = await sessions.createSession(user.id);
    expect((await api(server, CALLS.gameList, { token })).status).toBe(STATUS.PROFILE_INCOMPLETE);
    await server.database.db
      .update(users)
      .set({ inviteBoundAt: server.clock.now })
      .where(eq(users.id, user.id));
    expect((await api(server, CALLS.gameList, { token })).status).toBe(200);
  });

  it('public calls ignore a bad token', async () => {
    const res = await api(server, CALLS.home, { token: 'nonsense' });
    expect(res.status).toBe(200);
  });
});

/** Spellings of one path that a router decodes or folds to the same route. */
function spellings(path: string): string[] {
  const segments = path.split('/');
  const encodeFirst = (segment: string) =>
    segment ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment;
  return [
    path,
    segments.map(encodeFirst).join('/'),
    path.replace('/api/auth/', '/api/%61uth/'),
    path.replace('/api/auth/', '/api/%41uth/'.toLowerCase()),
    path.replace(/\/h5\//, '/%68%35/'),
  ];
}

describe("the token check comes from each call's contract", () => {
  const calls = Object.entries(CALLS);

  it('GET /api/%61uth/h5/user/info without a token → 1005, not a fault', async () => {
    const res = await call(server, CALLS.userInfo.path.replace('/auth/', '/%61uth/'));
    expect(res).toMatchObject({ http: 200, status: STATUS.NO_TOKEN });
  });

  it.each(calls.filter(([, c]) => c.auth))(
    '%s needs a token however its path is spelled',
    async (_name, c) => {
      for (const path of spellings(c.path)) {
        const res = await call(server, path, {
          method: c.method,
          ...(c.method === 'POST' ? { body: {} } : {}),
        });
        // A spelling the router does not take is a 404; any spelling it takes is checked.
        if (res.http === 404) continue;
        expect({ path, http: res.http, status: res.status }).toEqual({
          path,
          http: 200,
          status: STATUS.NO_TOKEN,
        });
      }
    },
  );

  it.each(calls.filter(([, c]) => !c.auth))('%s is public', async (_name, c) => {
    const res = await apiRaw(server, c, c.method === 'POST' ? { body: {} } : {});
    expect(res.http).not.toBe(404);
    expect([STATUS.NO_TOKEN, STATUS.TOKEN_INVALID, STATUS.TOKEN_EXPIRED]).not.toContain(res.status);
  });
});
