import { CALLS } from '@taleforge/contracts';
import { SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/social/index.js';
import { comments } from '../src/platform/db/schema/index.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { buildGame } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Notifications through the real HTTP layer: a new follower and a like on your work tell you
// once per actor, never about yourself or from someone you blocked; the list pages newest first
// and marks read up to what was shown.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

const follow = (token: string, taleforgeId: string, wanted = true) =>
  api(server, CALLS.follow, { token, body: { taleforge_id: taleforgeId, follow: wanted } });
const like = (token: string, gameId: number, wanted = true) =>
  api(server, CALLS.workLike, { token, body: { game_id: gameId, like: wanted } });
const list = (token: string, cursor?: string, lang?: string) =>
  api(server, CALLS.notificationList, {
    token,
    query: cursor ? { cursor } : {},
    ...(lang ? { lang } : {}),
  });
const unread = async (token: string) =>
  (await api(server, CALLS.notificationUnread, { token })).data!.unread;

describe('what a player is told', () => {
  it('a follower and a like, once per actor however often they undo and redo it', async () => {
    const creator = await signedIn(server);
    const fan = await signedIn(server);
    const game = await buildGame(server.database.db, { creatorId: creator.user.id });
    for (const wanted of [true, false, true]) {
      await follow(fan.token, creator.user.publicId, wanted);
      await like(fan.token, game.id, wanted);
    }
    const res = await list(creator.token, undefined, 'zh_CN');
    expect(res.status).toBe(200);
    expect(res.data!.unread).toBe(2);
    const actor = { taleforge_id: fan.user.publicId, nick_name: fan.user.nickName, avatar: null };
    expect(res.data!.list).toMatchObject([
      { kind: 'like', actor, game: { id: game.id, title: game.title.zh_CN, cover: game.cover } },
      { kind: 'follow', actor, game: null, excerpt: null, read: false },
    ]);
    expect(await unread(fan.token)).toBe(0);
  });

  it('never about yourself, and never from someone you blocked', async () => {
    const creator = await signedIn(server);
    const pest = await signedIn(server);
    const game = await buildGame(server.database.db, { creatorId: creator.user.id });
    expect((await like(creator.token, game.id)).data!.like_count).toBe(1);
    await api(server, CALLS.block, {
      token: creator.token,
      body: { taleforge_id: pest.user.publicId, block: true },
    });
    expect((await like(pest.token, game.id)).data!.like_count).toBe(2);
    expect((await list(creator.token)).data).toEqual({ list: [], next_cursor: null, unread: 0 });
  });

  it('a reply carries its first words, cut at the excerpt length', async () => {
    const author = await signedIn(server);
    const replier = await signedIn(server);
    const db = server.database.db;
    const game = await buildGame(db);
    const body = 'ß'.repeat(SOCIAL_LIMITS.excerptChars + 5);
    const [comment] = await db
      .insert(comments)
      .values({ gameId: game.id, authorId: replier.user.id, body })
      .returning();
    const input = {
      userId: author.user.id,
      kind: 'reply' as const,
      actorId: replier.user.id,
      gameId: game.id,
      commentId: comment!.id,
    };
    expect(await notify(db, input)).toBe(true);
    expect(await notify(db, input)).toBe(false);
    const [shown] = (await list(author.token)).data!.list;
    expect(shown).toMatchObject({ kind: 'reply', game: { id: game.id } });
    expect(shown!.excerpt).toBe(`${'ß'.repeat(SOCIAL_LIMITS.excerptChars)}…`);
  });
});

describe('the list', () => {
  it('pages newest first, and marks read up to the newest shown, not what came after', async () => {
    const star = await signedIn(server);
    const fans = [];
    for (let i = 0; i < SOCIAL_LIMITS.pageSize + 2; i++) {
      const fan = await signedIn(server);
      await follow(fan.token, star.user.publicId);
      fans.push(fan.user.publicId);
    }
    const first = await list(star.token);
    expect(first.data!.list).toHaveLength(SOCIAL_LIMITS.pageSize);
    expect(first.data!.unread).toBe(fans.length);
    const second = await list(star.token, first.data!.next_cursor!);
    expect(second.data!.next_cursor).toBeNull();
    const actors = [...first.data!.list, ...second.data!.list].map((n) => n.actor.taleforge_id);
    expect(actors).toEqual([...fans].reverse());

    const newest = first.data!.list[0]!.id;
    const late = await signedIn(server);
    await follow(late.token, star.user.publicId);
    const read = await api(server, CALLS.notificationRead, {
      token: star.token,
      body: { up_to_id: newest },
    });
    expect(read.data).toEqual({ unread: 1 });
    const after = await list(star.token);
    expect(after.data!.list.map((n) => n.read)).toEqual([false, ...Array(19).fill(true)]);
  });

  it('reads only your own; a visitor reads an empty list but marks nothing', async () => {
    const star = await signedIn(server);
    const fan = await signedIn(server);
    const visitor = await signedIn(server, 'DF_ID');
    await follow(fan.token, star.user.publicId);
    const id = (await list(star.token)).data!.list[0]!.id;
    const other = await api(server, CALLS.notificationRead, {
      token: fan.token,
      body: { up_to_id: id },
    });
    expect(other.data).toEqual({ unread: 0 });
    expect(await unread(star.token)).toBe(1);
    expect((await list(visitor.token)).data).toEqual({ list: [], next_cursor: null, unread: 0 });
    const refused = await api(server, CALLS.notificationRead, {
      token: visitor.token,
      body: { up_to_id: id },
    });
    expect(refused.status).toBe(6102);
    const anonymous = await apiRaw(server, CALLS.notificationUnread);
    expect(anonymous.status).toBe(1005);
  });

  it('refuses a bad cursor or id with 1001, changing nothing', async () => {
    const star = await signedIn(server);
    const before = await databaseFingerprint(server.database.db);
    for (const cursor of ['nt.', 'nt.abc', 'fr.1.2', 'nt.1.2', '../x']) {
      const res = await apiRaw(server, CALLS.notificationList, {
        token: star.token,
        query: { cursor },
      });
      expect(res.status, cursor).toBe(1001);
    }
    for (const body of [{ up_to_id: 0 }, { up_to_id: 'all' }, {}]) {
      const res = await apiRaw(server, CALLS.notificationRead, { token: star.token, body });
      expect(res.status, JSON.stringify(body)).toBe(1001);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});
