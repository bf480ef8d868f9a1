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
    // Two games fill the featured slot and one shelf; every later shelf would only repeat them.
    expect(sections.map((s) => s.key)).toEqual(['featured', 'recommended']);
    expect(sections[0]!.games.map((g) => g.play_count)).toEqual([900]);
    expect(sections[1]!.games.map((g) => g.play_count)).toEqual([50]);
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

  it('shows each game once across the featured game and every shelf, and no empty shelf', async () => {
    const db = server.database.db;
    const genres = ['SUSPENSE', 'MAGIC', 'FUTURE', 'COMEDY'] as const;
    for (let i = 0; i < 28; i++) {
      await buildGame(db, {
        scriptType: genres[i % genres.length],
        playCount: 1000 + i,
        publishedAt: new Date(Date.now() - i * 3_600_000),
      });
    }
    server.clock.advance(5_001);
    const sections = (await home()).data!.sections;
    const shown = sections.flatMap((s) => s.games.map((g) => g.id));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toHaveLength(30);
    for (const section of sections) expect(section.games.length).toBeGreaterThan(0);
    const [featured, recommended, fresh, ...shelves] = sections;
    expect(featured!.games.map((g) => g.play_count)).toEqual([1027]);
    // The next ten most played, then the ten newest of the rest, then genres take what is left.
    expect(recommended!.games.map((g) => g.play_count)).toEqual(
      Array.from({ length: 10 }, (_, i) => 1026 - i),
    );
    expect(fresh!.key).toBe('new');
    // (The game with 50 plays was published between the first two of this test.)
    expect(fresh!.games.map((g) => g.play_count)).toEqual([
      1000, 50, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008,
    ]);
    expect(shelves.every((s) => s.games.every((g) => g.script_type === s.script_type))).toBe(true);
  });

  it('pages a section and validates paging', async () => {
    const page = await api(server, CALLS.homePage, {
      query: { section: 'recommended', page: '1', page_size: '1' },
    });
    expect(page.data).toMatchObject({ total: 30, page: 1, page_size: 1 });
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
