import { CALLS } from '@taleforge/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, gameLikes, games, notifications } from '../src/platform/db/schema/index.js';
import { buildGame } from './support/factories.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Counts stay exact when requests race (on each database): the rows are the truth, and the
// counts, answers and notifications agree with them whatever order the requests ran in.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

const like = (token: string, gameId: number, wanted = true) =>
  api(server, CALLS.workLike, { token, body: { game_id: gameId, like: wanted } });
const follow = (token: string, taleforgeId: string, wanted: boolean) =>
  api(server, CALLS.follow, { token, body: { taleforge_id: taleforgeId, follow: wanted } });

async function likeState(gameId: number) {
  const db = server.database.db;
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  const [rows] = await db
    .select({ n: count() })
    .from(gameLikes)
    .where(eq(gameLikes.gameId, gameId));
  const [told] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.gameId, gameId), eq(notifications.kind, 'like')));
  return { likeCount: game!.likeCount, rows: rows!.n, notified: told!.n };
}

async function followRows(followerId: number, followeeId: number) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return row!.n;
}

describe('likes racing', () => {
  it('a hundred simultaneous likes from one player count once and tell once', async () => {
    const fan = await signedIn(server);
    const game = await buildGame(server.database.db, { likeCount: 5 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => like(fan.token, game.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(answers.every((a) => a.data!.liked)).toBe(true);
    expect(await likeState(game.id)).toEqual({ likeCount: 6, rows: 1, notified: 1 });

    const undone = await Promise.all(
      Array.from({ length: 100 }, () => like(fan.token, game.id, false)),
    );
    expect(undone.every((a) => a.status === 200 && !a.data!.liked)).toBe(true);
    expect(await likeState(game.id)).toEqual({ likeCount: 5, rows: 0, notified: 1 });
  });

  it('fifty players liking at once make exactly fifty', async () => {
    const fans = await Promise.all(Array.from({ length: 50 }, () => signedIn(server)));
    const game = await buildGame(server.database.db);
    const answers = await Promise.all(fans.map((fan) => like(fan.token, game.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const counts = answers.map((a) => a.data!.like_count);
    expect(Math.max(...counts)).toBe(50);
    expect(await likeState(game.id)).toEqual({ likeCount: 50, rows: 50, notified: 50 });
    const read = await api(server, CALLS.workSocial, { query: { game_id: game.id } });
    expect(read.data!.like_count).toBe(50);
  });

  it('likes and unlikes racing from many players leave the count equal to the rows', async () => {
    const fans = await Promise.all(Array.from({ length: 20 }, () => signedIn(server)));
    const game = await buildGame(server.database.db);
    await Promise.all(
      fans.flatMap((fan) => [like(fan.token, game.id, true), like(fan.token, game.id, false)]),
    );
    const state = await likeState(game.id);
    expect(state.likeCount).toBe(state.rows);
  });
});

describe('follows racing', () => {
  it('fifty follows and fifty unfollows at once end in one state, counted as the rows', async () => {
    const fan = await signedIn(server);
    const star = await signedIn(server);
    const requests = Array.from({ length: 100 }, (_, i) =>
      follow(fan.token, star.user.publicId, i % 2 === 0),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const rows = await followRows(fan.user.id, star.user.id);
    expect([0, 1]).toContain(rows);
    const profile = await api(server, CALLS.profile, {
      query: { taleforge_id: star.user.publicId },
    });
    expect(profile.data!.follower_count).toBe(rows);
    const relation = await api(server, CALLS.relation, {
      query: { taleforge_id: star.user.publicId },
      token: fan.token,
    });
    expect(relation.data!.is_following).toBe(rows === 1);
    for (const answer of answers) expect([0, 1]).toContain(answer.data!.follower_count);
    const [told] = await server.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, star.user.id), eq(notifications.kind, 'follow')));
    expect(told!.n).toBe(1);
  });

  it('a block racing follows from the blocked one leaves no follow behind', async () => {
    const me = await signedIn(server);
    const pest = await signedIn(server);
    const racing = Array.from({ length: 25 }, () => follow(pest.token, me.user.publicId, true));
    const blocked = api(server, CALLS.block, {
      token: me.token,
      body: { taleforge_id: pest.user.publicId, block: true },
    });
    const answers = await Promise.all([...racing, blocked]);
    for (const answer of answers) expect([200, 6203]).toContain(answer.status);
    expect(await followRows(pest.user.id, me.user.id)).toBe(0);
    expect((await follow(pest.token, me.user.publicId, true)).status).toBe(6203);
  });
});
