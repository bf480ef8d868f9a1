import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGame } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CATALOGUE_CACHE_MS: '5000' });
});
afterAll(() => server.close());

const home = () => api(server, CALLS.home);

describe('public catalogue reads', () => {
  it('answers empty sections before any game is published', async () => {
    const res = await home();
    expect(res).toMatchObject({ status: 200, data: { sections: [] } });
  });

  it('serves from a short-lived cache, then shows new games', async () => {
    const db = server.database.db;
    await buildGame(db, { scriptType: 'ROMANCE', playCount: 50 });
    await buildGame(db, {
      scriptType: 'MAGIC',
      playCount: 900,
      publishedAt: new Date(Date.now() - 86_400_000),
    });
    await buildGame(db, { scriptType: 'MAGIC', publishedAt: null });
    expect((await home()).data!.sections).toEqual([]);

    server.clock.advance(5_001);
    const sections = (await home()).data!.sections;
    expect(sections.map((s) => s.key)).toEqual(['recommended', 'new', 'MAGIC', 'ROMANCE']);
    const recommended = sections[0]!.games;
    expect(recommended.map((g) => g.play_count)).toEqual([900, 50]);
    expect(sections[1]!.games[0]!.script_type).toBe('ROMANCE');
    expect(sections.find((s) => s.key === 'MAGIC')!.games).toHaveLength(1);
  });

  it('localizes titles per language and caches each language apart', async () => {
    server.clock.advance(5_001);
    const zh = await api(server, CALLS.home, {
      lang: 'zh_CN',
    });
    expect(zh.data!.sections[0]!.games[0]!.title).toMatch(/（中文）$/);
    const en = await home();
    expect(en.data!.sections[0]!.games[0]!.title).not.toMatch(/（/);
  });

  it('answers 304 for a matching ETag, the same tag from any process for the same content', async () => {
    const first = await home();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const res = await api(server, CALLS.home, { dfId: 'v_x', headers: { 'if-none-match': etag } });
    expect(res.http).toBe(304);
    // A second process reading the same rows computes the same tag.
    server.clock.advance(5_001);
    expect((await home()).headers.get('etag')).toBe(etag);
  });

  it('pages a section and validates paging', async () => {
    const page = await api(server, CALLS.homePage, {
      query: { section: 'recommended', page: '1', page_size: '1' },
    });
    expect(page.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page.data!.list).toHaveLength(1);
    const bad: Record<string, string>[] = [
      { section: 'new', page: '0' },
      { section: 'new', page_size: '500' },
      { section: 'new', page: 'abc' },
      { page: '1' },
    ];
    for (const query of bad) {
      expect((await apiRaw(server, CALLS.homePage, { query })).status).toBe(1001);
    }
  });
});
