import { CALLS } from '@taleforge/contracts';
import { SERIES_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, episodeWatches, users } from '../src/platform/db/schema/index.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { buildSeries, FIXTURE_DURATION_MS } from './support/series.js';
import { startTestServer, type TestServer } from './support/server.js';

// Where a viewer is in an episode, and what the creator learns from it: a view when a viewer
// first starts an episode, a completion when they first finish it, each once however many saves
// race; the counts only for the series' creator and admins.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const progress = (token: string, episodeId: number, positionMs: number, completed?: boolean) =>
  api(server, CALLS.episodeProgress, {
    token,
    body: {
      episode_id: episodeId,
      position_ms: positionMs,
      ...(completed === undefined ? {} : { completed }),
    },
  });
const countsOf = async (episodeId: number) => {
  const [row] = await db()
    .select({ views: episodes.viewCount, completions: episodes.completeCount })
    .from(episodes)
    .where(eq(episodes.id, episodeId));
  return row!;
};
const stats = (token: string, gameId: number) =>
  api(server, CALLS.episodeStats, { token, query: { game_id: String(gameId) } });

describe('saving progress', () => {
  it('counts a view on the first save and a completion on the first finish, never again', async () => {
    const { episodeIds } = await buildSeries(server);
    const viewer = await signedIn(server);
    const episodeId = episodeIds[0]!;
    expect((await progress(viewer.token, episodeId, 1_000)).data).toEqual({
      position_ms: 1_000,
      completed: false,
    });
    expect(await countsOf(episodeId)).toEqual({ views: 1, completions: 0 });
    expect((await progress(viewer.token, episodeId, 1_500)).data).toEqual({
      position_ms: 1_500,
      completed: false,
    });
    const nearEnd = FIXTURE_DURATION_MS - SERIES_LIMITS.completeWithinMs;
    expect((await progress(viewer.token, episodeId, nearEnd)).data).toEqual({
      position_ms: nearEnd,
      completed: true,
    });
    expect(await countsOf(episodeId)).toEqual({ views: 1, completions: 1 });
    // Watching the start again moves the position; the episode stays finished and counted once.
    expect((await progress(viewer.token, episodeId, 200, true)).data).toEqual({
      position_ms: 200,
      completed: true,
    });
    expect(await countsOf(episodeId)).toEqual({ views: 1, completions: 1 });
  });

  it('takes a position past the end as the end, and the player\'s "ended" as finished', async () => {
    const { episodeIds } = await buildSeries(server);
    const viewer = await signedIn(server);
    const past = await progress(viewer.token, episodeIds[1]!, 60_000);
    expect(past.data).toEqual({ position_ms: FIXTURE_DURATION_MS, completed: true });
    const ended = await progress(viewer.token, episodeIds[0]!, 500, true);
    expect(ended.data).toEqual({ position_ms: 500, completed: true });
    expect(await countsOf(episodeIds[0]!)).toEqual({ views: 1, completions: 1 });
  });

  it('lets a visitor account save, and refuses no token (1005), a locked (6303) or unknown (6302) episode and bad bodies (1001), changing nothing', async () => {
    const { episodeIds } = await buildSeries(server);
    const visitor = await signedIn(server, 'DF_ID');
    expect((await progress(visitor.token, episodeIds[0]!, 1_000)).status).toBe(200);
    const before = await databaseFingerprint(db());
    const noToken = await api(server, CALLS.episodeProgress, {
      body: { episode_id: episodeIds[0]!, position_ms: 1 },
    });
    expect(noToken.status).toBe(STATUS.NO_TOKEN);
    for (const lang of ['en_US', 'zh_CN', 'ja_JP']) {
      const locked = await api(server, CALLS.episodeProgress, {
        token: visitor.token,
        lang,
        body: { episode_id: episodeIds[3]!, position_ms: 1_000 },
      });
      expect(locked).toMatchObject({ status: STATUS.EPISODE_LOCKED, data: null });
      expect(locked.desc).not.toBe('');
    }
    expect((await progress(visitor.token, 987_654_321, 1)).status).toBe(STATUS.EPISODE_NOT_FOUND);
    for (const body of [
      { episode_id: episodeIds[0], position_ms: -1 },
      { episode_id: episodeIds[0], position_ms: 1.5 },
      { episode_id: episodeIds[0], position_ms: SERIES_LIMITS.maxDurationMs + 1 },
      { episode_id: episodeIds[0], position_ms: 1, extra: true },
      { episode_id: 'x', position_ms: 1 },
      { position_ms: 1 },
    ]) {
      const res = await apiRaw(server, CALLS.episodeProgress, { token: visitor.token, body });
      expect(res.status, JSON.stringify(body)).toBe(STATUS.INVALID_PARAMS);
    }
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('counts one view for 50 saves of one viewer at once, and 20 for 20 viewers at once', async () => {
    const { episodeIds } = await buildSeries(server);
    const [one, many] = [episodeIds[0]!, episodeIds[1]!];
    const viewer = await signedIn(server);
    const rush = await Promise.all(
      Array.from({ length: 50 }, (_, i) => progress(viewer.token, one, i * 100, i % 2 === 1)),
    );
    expect(rush.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await countsOf(one)).toEqual({ views: 1, completions: 1 });
    expect(
      await db().select().from(episodeWatches).where(eq(episodeWatches.episodeId, one)),
    ).toHaveLength(1);

    const viewers = await Promise.all(Array.from({ length: 20 }, () => signedIn(server)));
    const crowd = await Promise.all(viewers.map((v) => progress(v.token, many, 3_900)));
    expect(crowd.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await countsOf(many)).toEqual({ views: 20, completions: 20 });
  });

  it('limits one viewer to 120 saves a minute (1003)', async () => {
    const { episodeIds } = await buildSeries(server);
    const viewer = await signedIn(server);
    for (let i = 0; i < 120; i += 1) {
      expect((await progress(viewer.token, episodeIds[0]!, i)).status).toBe(200);
    }
    expect((await progress(viewer.token, episodeIds[0]!, 121)).status).toBe(STATUS.RATE_LIMITED);
    // Another viewer is not held back by it.
    expect((await progress((await signedIn(server)).token, episodeIds[0]!, 1)).status).toBe(200);
  });
});

describe('episode statistics', () => {
  it('shows views and completion to the creator and admins, and to nobody else (6305)', async () => {
    const creator = await signedIn(server);
    const { game, episodeIds } = await buildSeries(server, { creatorId: creator.user.id });
    for (const viewer of await Promise.all([signedIn(server), signedIn(server)])) {
      await progress(viewer.token, episodeIds[0]!, 100);
    }
    await progress((await signedIn(server)).token, episodeIds[0]!, FIXTURE_DURATION_MS);
    const own = await stats(creator.token, game.id);
    expect(own.status).toBe(200);
    expect(own.data!.episodes).toEqual(
      episodeIds.map((id, i) =>
        i === 0
          ? { episode_id: id, number: 1, views: 3, completions: 1, completion_rate: 1 / 3 }
          : { episode_id: id, number: i + 1, views: 0, completions: 0, completion_rate: 0 },
      ),
    );
    const admin = await signedIn(server);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await stats(admin.token, game.id)).data).toEqual(own.data);

    for (const other of [await signedIn(server), await signedIn(server, 'DF_ID')]) {
      const res = await stats(other.token, game.id);
      expect(res).toMatchObject({ status: STATUS.SERIES_STATS_FORBIDDEN, data: null });
    }
    expect((await stats(creator.token, 987_654_321)).status).toBe(STATUS.SERIES_NOT_FOUND);
  });
});
