import { CALLS } from '@taleforge/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { seedDemoSeriesRows } from '../src/modules/series/demo/seed-rows.js';
import { episodes, games, series } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// The demo series' rows, seeded before any video exists (the videos follow in the background and
// need the video module: seed.ts).
describe('demo series rows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const seed = () =>
    seedDemoSeriesRows({
      db: server.database.db,
      media: createMediaStore(server.config),
      mediaBase: '/taleforge/media',
      now: new Date(),
    });

  it('publishes each series as a work of kind series with priced episodes, once', async () => {
    const db = server.database.db;
    const seeded = await seed();
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    const ids = seeded.map((s) => s.gameId);

    const works = await db.select().from(games).where(inArray(games.id, ids));
    for (const work of works) {
      const { script } = seeded.find((s) => s.gameId === work.id)!;
      expect(work).toMatchObject({
        kind: 'series',
        slug: script.slug,
        title: script.title,
        scriptType: script.scriptType,
        chapterCount: script.episodes.length,
      });
      const [row] = await db.select().from(series).where(eq(series.gameId, work.id));
      expect(row?.freeEpisodes).toBe(3);
      const rows = await db
        .select()
        .from(episodes)
        .where(eq(episodes.gameId, work.id))
        .orderBy(asc(episodes.number));
      expect(rows.map((e) => e.number)).toEqual(script.episodes.map((_, i) => i + 1));
      expect(rows.map((e) => e.title)).toEqual(script.episodes.map((e) => e.title));
      // The first three free, then 10–20 gems each.
      expect(rows.slice(0, 3).map((e) => e.price)).toEqual([0, 0, 0]);
      for (const e of rows.slice(3)) expect(e.price).toBeGreaterThanOrEqual(10);
      for (const e of rows.slice(3)) expect(e.price).toBeLessThanOrEqual(20);
      expect(rows.every((e) => e.videoId === null)).toBe(true);

      // The cover is a picture the browser can load.
      const cover = await fetch(new URL(work.cover, server.url('/')));
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 750]);
    }

    // A restart finds them all again: the same ids, no second row of anything.
    const again = await seed();
    expect(again.map((s) => s.gameId)).toEqual(ids);
    const all = await db.select({ id: episodes.id }).from(episodes);
    expect(all).toHaveLength(seeded.reduce((n, s) => n + s.script.episodes.length, 0));
    const slugs = await db.select({ slug: games.slug }).from(games).where(eq(games.kind, 'series'));
    expect(slugs).toHaveLength(seeded.length);
  });

  it('lists the series in the catalogue as series, their episodes as its chapter count', async () => {
    const [first] = await seed();
    const { token } = await buildSession(server.database.db);
    const res = await api(server, CALLS.gameList, {
      token,
      query: { page_size: '50' },
    });
    expect(res.status).toBe(200);
    const card = res.data!.list.find((g) => g.id === first!.gameId);
    expect(card).toMatchObject({
      kind: 'series',
      title: first!.script.title.en_US,
      chapter_count: first!.script.episodes.length,
      script_type: first!.script.scriptType,
    });
  });
});
