import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGame } from './support/factories.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { buildSeries, FIXTURE_DURATION_MS, giveGems, unlockEpisode } from './support/series.js';
import { startTestServer, type TestServer } from './support/server.js';

// What a viewer reads of series: the series page with each episode's lock state and their
// progress, the home's clips, "continue watching", and series among the catalogue's works.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CATALOGUE_CACHE_MS: '0' });
});
afterAll(() => server.close());

const seriesPage = (gameId: number, token?: string, lang?: string) =>
  api(server, CALLS.series, {
    query: { game_id: String(gameId) },
    ...(token ? { token } : {}),
    ...(lang ? { lang } : {}),
  });
const progress = (token: string, episodeId: number, positionMs: number) =>
  api(server, CALLS.episodeProgress, {
    token,
    body: { episode_id: episodeId, position_ms: positionMs },
  });
const continueWatching = async (token?: string) =>
  (await api(server, CALLS.continueWatching, token ? { token } : {})).data!.list;

describe('a series page', () => {
  it("shows the series in the viewer's language with its episodes, free ones open and the rest locked", async () => {
    const { game, episodeIds } = await buildSeries(server, { freeEpisodes: 2, price: 30 });
    const res = await seriesPage(game.id, undefined, 'zh_CN');
    expect(res.status).toBe(200);
    const { series, episodes, clips, resume } = res.data!;
    expect(series).toMatchObject({
      game_id: game.id,
      title: `${game.title.en_US}（中文）`,
      free_episodes: 2,
      episode_count: 4,
    });
    expect(
      episodes.map((e) => [e.id, e.number, e.title, e.unlocked, e.price_gems, e.ready]),
    ).toEqual([
      [episodeIds[0], 1, '第1集', true, 0, true],
      [episodeIds[1], 2, '第2集', true, 0, true],
      [episodeIds[2], 3, '第3集', false, 30, true],
      [episodeIds[3], 4, '第4集', false, 30, true],
    ]);
    for (const e of episodes) {
      expect(e).toMatchObject({
        duration_ms: FIXTURE_DURATION_MS,
        position_ms: 0,
        completed: false,
      });
      expect(e.poster_url).toMatch(/\/media\/v\/\d+\/f\d+-[\w-]{22}\/poster\.jpg$/);
    }
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({
      game_id: game.id,
      title: '抢先看',
      series_title: series.title,
    });
    expect(clips[0]!.video.hls_url).toMatch(/master\.m3u8$/);
    expect(resume).toBeNull();
  });

  it("shows the viewer's unlocks, positions and where to resume", async () => {
    const { game, episodeIds } = await buildSeries(server, { freeEpisodes: 2, price: 30 });
    const viewer = await signedIn(server);
    await giveGems(server, viewer.user.id, 30);
    expect((await unlockEpisode(server, viewer.token, game.id, episodeIds[2]!)).status).toBe(200);
    await progress(viewer.token, episodeIds[0]!, 1_200);
    let page = (await seriesPage(game.id, viewer.token)).data!;
    expect(page.episodes.map((e) => e.unlocked)).toEqual([true, true, true, false]);
    expect(page.episodes[0]).toMatchObject({ position_ms: 1_200, completed: false });
    expect(page.resume).toEqual({ episode_id: episodeIds[0], position_ms: 1_200 });

    server.clock.advance(1_000);
    await progress(viewer.token, episodeIds[1]!, FIXTURE_DURATION_MS);
    page = (await seriesPage(game.id, viewer.token)).data!;
    expect(page.episodes[1]).toMatchObject({ position_ms: FIXTURE_DURATION_MS, completed: true });
    // Finished episode 2: go on with episode 3 from its start.
    expect(page.resume).toEqual({ episode_id: episodeIds[2], position_ms: 0 });
    // Another viewer sees none of it.
    const other = (await seriesPage(game.id, (await signedIn(server)).token)).data!;
    expect(other.episodes.map((e) => [e.unlocked, e.position_ms])).toEqual([
      [true, 0],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(other.resume).toBeNull();
  });

  it('answers 6301 for a story game, an unpublished series or an unknown id', async () => {
    const story = await buildGame(server.database.db);
    const draft = await buildSeries(server, { publishedAt: null, episodes: 1 });
    for (const id of [story.id, draft.game.id, 987_654_321]) {
      const res = await seriesPage(id, undefined, 'ja_JP');
      expect(res).toMatchObject({ status: STATUS.SERIES_NOT_FOUND, data: null });
      expect(res.desc).not.toBe('');
    }
  });
});

describe('clips and continue watching', () => {
  it('lists clips of published series for the home page, newest series first', async () => {
    const older = await buildSeries(server, { episodes: 1 });
    const newer = await buildSeries(server, { episodes: 1 });
    const draft = await buildSeries(server, { episodes: 1, publishedAt: null });
    const list = (await api(server, CALLS.clipList)).data!.list;
    const ids = list.map((c) => c.game_id);
    expect(ids).not.toContain(draft.game.id);
    expect(ids.indexOf(newer.game.id)).toBeLessThan(ids.indexOf(older.game.id));
    expect(ids.indexOf(older.game.id)).toBeGreaterThanOrEqual(0);
  });

  it('continues each started series, newest first, at the next episode after a finished one', async () => {
    expect(await continueWatching()).toEqual([]);
    const viewer = await signedIn(server, 'DF_ID');
    expect(await continueWatching(viewer.token)).toEqual([]);
    const first = await buildSeries(server, { freeEpisodes: 4 });
    const second = await buildSeries(server, { freeEpisodes: 4 });
    await progress(viewer.token, first.episodeIds[0]!, 1_000);
    server.clock.advance(1_000);
    await progress(viewer.token, second.episodeIds[1]!, FIXTURE_DURATION_MS);
    const list = await continueWatching(viewer.token);
    expect(list.map((i) => [i.game_id, i.episode_id, i.episode_number, i.position_ms])).toEqual([
      [second.game.id, second.episodeIds[2], 3, 0],
      [first.game.id, first.episodeIds[0], 1, 1_000],
    ]);
    expect(list[0]).toMatchObject({ episode_count: 4, duration_ms: FIXTURE_DURATION_MS });
    expect(list[0]!.poster_url).toMatch(/poster\.jpg$/);
    expect(list[0]!.watched_at).toBe(server.clock.now.toISOString());

    // Finishing the last episode ends the series' place in the list.
    server.clock.advance(1_000);
    await progress(viewer.token, second.episodeIds[3]!, FIXTURE_DURATION_MS);
    expect((await continueWatching(viewer.token)).map((i) => i.game_id)).toEqual([first.game.id]);
  });
});

describe('series among works', () => {
  it("filters the game list by kind and counts a series' episodes as its chapters", async () => {
    const { game } = await buildSeries(server, { episodes: 3 });
    const story = await buildGame(server.database.db);
    const { token } = await signedIn(server);
    const list = async (kind?: 'story' | 'series') =>
      (
        await api(server, CALLS.gameList, {
          token,
          query: { page_size: 50, ...(kind ? { kind } : {}) },
        })
      ).data!;
    const series = await list('series');
    expect(series.list.every((c) => c.kind === 'series')).toBe(true);
    expect(series.list.find((c) => c.id === game.id)).toMatchObject({
      kind: 'series',
      chapter_count: 3,
    });
    expect(series.list.some((c) => c.id === story.id)).toBe(false);
    const stories = await list('story');
    expect(stories.list.every((c) => c.kind === 'story')).toBe(true);
    expect(stories.list.some((c) => c.id === story.id)).toBe(true);
    expect((await list()).total).toBe(series.total + stories.total);
    const refused = await api(server, CALLS.gameList, {
      token,
      query: { kind: 'film' as 'story' },
    });
    expect(refused.status).toBe(STATUS.INVALID_PARAMS);
  });

  it("answers the play page's game info for a series with its card and no chapters; a story step on it is refused", async () => {
    const { game } = await buildSeries(server, { episodes: 2 });
    const viewer = await signedIn(server);
    const info = await api(server, CALLS.resourceInfo, {
      token: viewer.token,
      query: { game_id: String(game.id) },
    });
    expect(info.status).toBe(200);
    expect(info.data!.game).toMatchObject({ id: game.id, kind: 'series', chapter_count: 2 });
    expect(info.data!.chapters).toEqual([]);
    const start = await api(server, CALLS.gameEvent, {
      token: viewer.token,
      body: { type: 'start', game_id: game.id },
    });
    expect(start).toMatchObject({ status: STATUS.CHAPTER_NOT_FOUND, data: null });
  });
});
