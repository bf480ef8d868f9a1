import { CALLS } from '@taleforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameLikes, games } from '../src/platform/db/schema/index.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { buildGame } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Likes on works through the real HTTP layer: the state asked for, the work's count moved with
// the row, the profile's liked list made of them; bad input and visitors change nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

const like = (token: string, gameId: number, wanted = true, lang?: string) =>
  api(server, CALLS.workLike, {
    token,
    body: { game_id: gameId, like: wanted },
    ...(lang ? { lang } : {}),
  });
const social = (gameId: number, token?: string) =>
  api(server, CALLS.workSocial, { query: { game_id: gameId }, ...(token ? { token } : {}) });
const likedOf = (taleforgeId: string, token?: string) =>
  api(server, CALLS.profileWorks, {
    query: { taleforge_id: taleforgeId, list: 'liked' },
    ...(token ? { token } : {}),
  });
const likeRows = async (gameId: number) =>
  server.database.db.select().from(gameLikes).where(eq(gameLikes.gameId, gameId));

describe('liking a work', () => {
  it('is the state asked for: the count moves once per player, and back on unlike', async () => {
    const fan = await signedIn(server);
    const game = await buildGame(server.database.db, { likeCount: 7, commentCount: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await like(fan.token, game.id);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ game_id: game.id, like_count: 8, comment_count: 2, liked: true });
    }
    expect((await social(game.id, fan.token)).data!.liked).toBe(true);
    expect((await social(game.id)).data).toEqual({
      game_id: game.id,
      like_count: 8,
      comment_count: 2,
      liked: false,
    });
    expect(await likeRows(game.id)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await like(fan.token, game.id, false);
      expect(res.data).toMatchObject({ like_count: 7, liked: false });
    }
    expect(await likeRows(game.id)).toHaveLength(0);
  });

  it('answers "game not found" for an unknown or unpublished work, in the request language', async () => {
    const fan = await signedIn(server);
    const draft = await buildGame(server.database.db, { publishedAt: null });
    for (const id of [draft.id, 987_654_321]) {
      const res = await like(fan.token, id);
      expect(res.status).toBe(4001);
      expect((await social(id)).status).toBe(4001);
    }
    const zh = await like(fan.token, draft.id, true, 'zh_CN');
    expect(zh.desc).not.toBe((await like(fan.token, draft.id)).desc);
    const [row] = await server.database.db.select().from(games).where(eq(games.id, draft.id));
    expect(row!.likeCount).toBe(0);
    expect(await likeRows(draft.id)).toHaveLength(0);
  });

  it('refuses bad ids and bodies with 1001 and visitors with 6102, changing nothing', async () => {
    const fan = await signedIn(server);
    const visitor = await signedIn(server, 'DF_ID');
    const game = await buildGame(server.database.db);
    const before = await databaseFingerprint(server.database.db);
    for (const body of [
      { game_id: -1, like: true },
      { game_id: 'x', like: true },
      { game_id: game.id, like: 1 },
      { game_id: game.id },
      { game_id: game.id, like: true, user_id: 1 },
    ]) {
      const res = await apiRaw(server, CALLS.workLike, { token: fan.token, body });
      expect(res.status, JSON.stringify(body)).toBe(1001);
    }
    const res = await like(visitor.token, game.id, true, 'ja_JP');
    expect(res.status).toBe(6102);
    expect(res.desc).toBe('ログインするとさらに多くの機能を利用できます');
    const bad = await apiRaw(server, CALLS.workSocial, { query: { game_id: 'abc' } });
    expect(bad.status).toBe(1001);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
    expect((await social(game.id, visitor.token)).data!.liked).toBe(false);
  });
});

describe('the profile liked list', () => {
  it('lists liked works most recent like first, hidden from others when the owner says so', async () => {
    const fan = await signedIn(server);
    const other = await signedIn(server);
    const db = server.database.db;
    const first = await buildGame(db);
    const second = await buildGame(db);
    const unliked = await buildGame(db);
    await like(fan.token, first.id);
    server.clock.advance(1000);
    await like(fan.token, second.id);
    server.clock.advance(1000);
    await like(fan.token, unliked.id);
    await like(fan.token, unliked.id, false);
    const liked = await likedOf(fan.user.publicId);
    expect(liked.data!.list.map((g) => g.id)).toEqual([second.id, first.id]);
    expect(liked.data!.total).toBe(2);
    expect(liked.data!.list[0]!.like_count).toBe(1);

    await api(server, CALLS.profileUpdate, { token: fan.token, body: { hide_liked: true } });
    expect((await likedOf(fan.user.publicId, other.token)).data).toMatchObject({
      list: [],
      total: 0,
      hidden: true,
    });
    expect((await likedOf(fan.user.publicId, fan.token)).data).toMatchObject({
      total: 2,
      hidden: true,
    });
  });
});

describe('rate limits', () => {
  it('refuses a player past their limit with 1003, then the address past its own', async () => {
    const limited = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '0.1' });
    try {
      const game = await buildGame(limited.database.db);
      const send = (token: string, wanted: boolean) =>
        api(limited, CALLS.workLike, { token, body: { game_id: game.id, like: wanted } });
      // Scaled to 3 a minute per player and 12 per address.
      const players = await Promise.all([1, 2, 3, 4, 5].map(() => signedIn(limited)));
      const [first, ...others] = players;
      for (const wanted of [true, false, true]) {
        expect((await send(first!.token, wanted)).status).toBe(200);
      }
      const over = await send(first!.token, false);
      expect(over.status).toBe(1003);
      expect(over.desc).toBe('Too many requests, please try again later');
      // The address has counted 4 of its 12; three more players bring it to 12.
      for (const [player, sent] of [
        [others[0]!, 3],
        [others[1]!, 3],
        [others[2]!, 2],
      ] as const) {
        for (let i = 0; i < sent; i++) {
          expect((await send(player.token, i % 2 === 0)).status).toBe(200);
        }
      }
      expect((await send(others[3]!.token, true)).status).toBe(1003);
      const [row] = await limited.database.db.select().from(games).where(eq(games.id, game.id));
      expect(row!.likeCount).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('when the database fails mid-change', () => {
  it('answers the SPEC\'s "Like failed" and "Follow failed", in the request language, changing nothing', async () => {
    const faulty = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
    try {
      const db = faulty.database.db;
      // A real fault inside the transaction, after the checks passed: the row's insert aborts.
      await db.execute(sql`
        create function social_fault() returns trigger language plpgsql as $$
        begin raise exception 'injected fault'; end $$`);
      await db.execute(sql`
        create trigger game_likes_fault before insert on game_likes
        for each row execute function social_fault()`);
      await db.execute(sql`
        create trigger follows_fault before insert on follows
        for each row execute function social_fault()`);
      const fan = await signedIn(faulty);
      const star = await signedIn(faulty);
      const game = await buildGame(db, { creatorId: star.user.id });
      const before = await databaseFingerprint(db);
      const liked = await api(faulty, CALLS.workLike, {
        token: fan.token,
        body: { game_id: game.id, like: true },
      });
      expect(liked).toMatchObject({ http: 200, status: 6204, desc: 'Like failed' });
      const followed = await api(faulty, CALLS.follow, {
        token: fan.token,
        body: { taleforge_id: star.user.publicId, follow: true },
        lang: 'zh_CN',
      });
      expect(followed).toMatchObject({ status: 6201, desc: '关注失败，请稍后再试' });
      expect(await databaseFingerprint(db)).toEqual(before);
    } finally {
      await faulty.close();
    }
  });
});
