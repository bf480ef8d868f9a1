import { CALLS } from '@taleforge/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function lastView() {
  const [row] = await server.database.db
    .select()
    .from(pageViews)
    .orderBy(desc(pageViews.id))
    .limit(1);
  return row!;
}

describe('page-view reports', () => {
  it('stores the title with the visitor and language', async () => {
    const res = await api(server, CALLS.pageView, {
      body: { path: '/For_You', title: 'おすすめ · Taleforge' },
      dfId: 'v_device1',
      lang: 'ja_JP',
    });
    expect(res.status).toBe(200);
    expect(await lastView()).toMatchObject({
      path: '/For_You',
      title: 'おすすめ · Taleforge',
      dfId: 'v_device1',
      lang: 'ja_JP',
      userId: null,
    });
  });

  it('attaches the user when the token is valid and never fails on a bad one', async () => {
    const { user, token } = await buildSession(server.database.db);
    await api(server, CALLS.pageView, {
      body: { path: '/profile/me', title: 'Me' },
      token,
    });
    expect((await lastView()).userId).toBe(user.id);
    const res = await api(server, CALLS.pageView, {
      body: { path: '/drama', title: 'Drama' },
      token: 'B'.repeat(43),
    });
    expect(res.status).toBe(200);
    expect((await lastView()).userId).toBeNull();
  });

  it('stores markup as text, and refuses oversize titles without storing', async () => {
    const before = await server.database.db.$count(pageViews);
    const res = await api(server, CALLS.pageView, {
      body: { path: '/x', title: 't'.repeat(257) },
    });
    expect(res.status).toBe(1001);
    expect(await server.database.db.$count(pageViews)).toBe(before);
    await api(server, CALLS.pageView, {
      body: { path: '/x', title: '<img src=x onerror=alert(1)>' },
    });
    expect((await lastView()).title).toBe('<img src=x onerror=alert(1)>');
  });
});
