import { CALLS, type Comment } from '@taleforge/contracts';
import { SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  commentReports,
  comments,
  games,
  notifications,
} from '../src/platform/db/schema/index.js';
import { buildGame } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Comments on works through the real HTTP layer: anyone reads, registered players write, the
// rules (one level of replies, who may delete, blocks, moderation) hold, and refusals change nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

type Player = Awaited<ReturnType<typeof signedIn>>;

const post = (who: Player, gameId: number, body: string, replyTo?: number, lang?: string) =>
  api(server, CALLS.commentPost, {
    token: who.token,
    body: { game_id: gameId, body, ...(replyTo ? { reply_to_id: replyTo } : {}) },
    ...(lang ? { lang } : {}),
  });

const list = (
  gameId: number,
  options: { order?: 'new' | 'top'; cursor?: string; token?: string; lang?: string } = {},
) =>
  api(server, CALLS.commentList, {
    query: {
      game_id: gameId,
      ...(options.order ? { order: options.order } : {}),
      ...(options.cursor ? { cursor: options.cursor } : {}),
    },
    ...(options.token ? { token: options.token } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
  });

const replies = (commentId: number, options: { cursor?: string; token?: string } = {}) =>
  api(server, CALLS.commentReplies, {
    query: { comment_id: commentId, ...(options.cursor ? { cursor: options.cursor } : {}) },
    ...(options.token ? { token: options.token } : {}),
  });

const remove = (who: Player, commentId: number, lang?: string) =>
  api(server, CALLS.commentDelete, {
    token: who.token,
    body: { comment_id: commentId },
    ...(lang ? { lang } : {}),
  });

const likeComment = (who: Player, commentId: number, like: boolean) =>
  api(server, CALLS.commentLike, { token: who.token, body: { comment_id: commentId, like } });

async function work() {
  const creator = await signedIn(server);
  const game = await buildGame(server.database.db, { creatorId: creator.user.id });
  return { creator, game };
}

async function storedCount(gameId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ n: games.commentCount })
    .from(games)
    .where(eq(games.id, gameId));
  return row!.n;
}

async function commentRows(gameId: number) {
  return server.database.db.select().from(comments).where(eq(comments.gameId, gameId));
}

describe('posting and replying', () => {
  it('posts a trimmed comment; the list shows it with its author, counts and the viewer flags', async () => {
    const { creator, game } = await work();
    const reader = await signedIn(server);
    const res = await post(reader, game.id, '  What a twist!  ');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      game_id: game.id,
      parent_id: null,
      body: 'What a twist!',
      author: { taleforge_id: reader.user.publicId, nick_name: reader.user.nickName },
      reply_to: null,
      like_count: 0,
      reply_count: 0,
      liked: false,
      can_delete: true,
      by_creator: false,
    });
    const own = await post(creator, game.id, 'Thanks for playing');
    expect(own.data!.by_creator).toBe(true);

    const asVisitor = await list(game.id);
    expect(asVisitor.data!.comment_count).toBe(2);
    expect(asVisitor.data!.list.map((c) => [c.body, c.can_delete])).toEqual([
      ['Thanks for playing', false],
      ['What a twist!', false],
    ]);
    const asCreator = await list(game.id, { token: creator.token });
    expect(asCreator.data!.list.every((c) => c.can_delete)).toBe(true);
    const asOther = await list(game.id, { token: (await signedIn(server)).token });
    expect(asOther.data!.list.map((c) => c.can_delete)).toEqual([false, false]);
  });

  it('replies stay one level: answering a reply attaches to its top comment and names whom it answers', async () => {
    const { game } = await work();
    const [ann, ben, cat] = [await signedIn(server), await signedIn(server), await signedIn(server)];
    const top = await post(ann, game.id, 'Top comment');
    const first = await post(ben, game.id, 'Reply to Ann', top.data!.id);
    expect(first.data).toMatchObject({ parent_id: top.data!.id, reply_to: null });
    const second = await post(cat, game.id, 'Reply to Ben', first.data!.id);
    expect(second.data).toMatchObject({
      parent_id: top.data!.id,
      reply_to: { taleforge_id: ben.user.publicId },
    });

    const page = await list(game.id);
    expect(page.data!.list.map((c) => c.id)).toEqual([top.data!.id]);
    expect(page.data!.list[0]!.reply_count).toBe(2);
    expect(page.data!.comment_count).toBe(3);
    const thread = await replies(top.data!.id);
    expect(thread.data!.list.map((c) => c.body)).toEqual(['Reply to Ann', 'Reply to Ben']);

    // Ann is told of Ben's reply, Ben of Cat's; nobody of their own.
    const told = await server.database.db
      .select({ userId: notifications.userId, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.gameId, game.id), eq(notifications.kind, 'reply')));
    expect(told).toHaveLength(2);
    expect(told).toEqual(
      expect.arrayContaining([
        { userId: ann.user.id, actorId: ben.user.id },
        { userId: ben.user.id, actorId: cat.user.id },
      ]),
    );
    await post(ann, game.id, 'Answering myself', top.data!.id);
    const after = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.actorId, ann.user.id));
    expect(after).toHaveLength(0);
  });

  it('refuses bad text with clear messages and stores nothing', async () => {
    const { game } = await work();
    const writer = await signedIn(server);
    const empty = await post(writer, game.id, '   ');
    expect(empty.status).toBe(1001);
    expect(empty.desc).toMatch(/^Invalid parameters: body:/);
    const long = await post(writer, game.id, 'x'.repeat(SOCIAL_LIMITS.commentMaxChars + 1));
    expect(long.status).toBe(1001);
    const longest = await post(writer, game.id, '字'.repeat(SOCIAL_LIMITS.commentMaxChars));
    expect(longest.status).toBe(200);
    const nul = await apiRaw(server, CALLS.commentPost, {
      token: writer.token,
      body: { game_id: game.id, body: 'hello\u0000there' },
    });
    expect(nul.status).toBe(1001);
    const lone = await apiRaw(server, CALLS.commentPost, {
      token: writer.token,
      body: `{"game_id":${game.id},"body":"half \\ud800 a pair"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.status).toBe(1001);
    const refused = await post(writer, game.id, 'go kill yourself');
    expect(refused.status).toBe(6206);
    expect(refused.desc).toBe('This comment is not allowed, please change it');
    const refusedZh = await post(writer, game.id, 'go kill yourself', undefined, 'zh_CN');
    expect(refusedZh.desc).toBe('该评论不可发布，请修改');
    expect(await commentRows(game.id)).toHaveLength(1);
    expect(await storedCount(game.id)).toBe(1);
  });

  it('answers GAME_NOT_FOUND for unknown and unpublished works, 6207 for an unknown reply target', async () => {
    const writer = await signedIn(server);
    const draft = await buildGame(server.database.db, { publishedAt: null });
    for (const gameId of [draft.id, 987_654_321]) {
      expect((await post(writer, gameId, 'Hello')).status).toBe(4001);
      expect((await list(gameId)).status).toBe(4001);
    }
    const { game } = await work();
    const missing = await post(writer, game.id, 'Hello', 987_654_321, 'ja_JP');
    expect(missing.status).toBe(6207);
    expect(missing.desc).toBe('このコメントはすでに存在しません');
    expect(await commentRows(game.id)).toHaveLength(0);
  });
});

describe('deleting', () => {
  it('the author deletes their own, the creator removes any, anyone else is refused', async () => {
    const { creator, game } = await work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const a = await post(ann, game.id, 'Ann was here');
    const b = await post(ben, game.id, 'Ben was here');

    const refused = await remove(ben, a.data!.id);
    expect(refused.status).toBe(6208);
    expect(refused.desc).toBe("Only its author or the work's creator can delete this comment");
    const refusedZh = await remove(ben, a.data!.id, 'zh_CN');
    expect(refusedZh.desc).toBe('只有评论作者或作品创作者可以删除这条评论');
    expect(await storedCount(game.id)).toBe(2);

    expect((await remove(ann, a.data!.id)).data).toEqual({ comment_count: 1 });
    const again = await remove(ann, a.data!.id);
    expect(again.status).toBe(6207);
    expect(again.desc).toBe('This comment no longer exists');
    expect((await remove(creator, b.data!.id)).data).toEqual({ comment_count: 0 });

    const rows = await commentRows(game.id);
    expect(rows.map((r) => [r.id, r.deletedBy])).toEqual(
      expect.arrayContaining([
        [a.data!.id, ann.user.id],
        [b.data!.id, creator.user.id],
      ]),
    );
    expect((await list(game.id)).data).toMatchObject({ list: [], comment_count: 0 });
    expect((await remove(ann, 987_654_321)).status).toBe(6207);
  });

  it('deleting a top comment takes its replies out of the lists and the count', async () => {
    const { game } = await work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const top = await post(ann, game.id, 'Top');
    const reply = await post(ben, game.id, 'Reply', top.data!.id);
    await post(ben, game.id, 'Reply two', top.data!.id);
    await post(ben, game.id, 'Another top');
    expect(await storedCount(game.id)).toBe(4);
    expect((await remove(ben, reply.data!.id)).data).toEqual({ comment_count: 3 });
    expect((await list(game.id)).data!.list.find((c) => c.id === top.data!.id)!.reply_count).toBe(1);

    expect((await remove(ann, top.data!.id)).data).toEqual({ comment_count: 1 });
    expect((await replies(top.data!.id)).status).toBe(6207);
    expect((await post(ben, game.id, 'Too late', top.data!.id)).status).toBe(6207);
    expect((await likeComment(ben, top.data!.id, true)).status).toBe(6207);
    expect((await list(game.id)).data!.list.map((c) => c.body)).toEqual(['Another top']);
  });
});

describe('likes and reports', () => {
  it('likes to the state wanted; the list answers liked for that viewer only', async () => {
    const { game } = await work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const c = await post(ann, game.id, 'Like me');
    expect((await likeComment(ben, c.data!.id, true)).data).toEqual({ liked: true, like_count: 1 });
    expect((await likeComment(ben, c.data!.id, true)).data).toEqual({ liked: true, like_count: 1 });
    expect((await list(game.id, { token: ben.token })).data!.list[0]).toMatchObject({
      liked: true,
      like_count: 1,
    });
    expect((await list(game.id, { token: ann.token })).data!.list[0]!.liked).toBe(false);
    expect((await likeComment(ben, c.data!.id, false)).data).toEqual({ liked: false, like_count: 0 });
    expect((await likeComment(ben, c.data!.id, false)).data).toEqual({ liked: false, like_count: 0 });
  });

  it('keeps one report per reporter; reporting twice is fine', async () => {
    const { game } = await work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const c = await post(ann, game.id, 'Spoiler: the butler');
    for (const reason of ['spoiler', 'spam'] as const) {
      const res = await api(server, CALLS.commentReport, {
        token: ben.token,
        body: { comment_id: c.data!.id, reason },
      });
      expect(res.data).toEqual({ reported: true });
    }
    const rows = await server.database.db
      .select()
      .from(commentReports)
      .where(eq(commentReports.commentId, c.data!.id));
    expect(rows.map((r) => [r.reporterId, r.reason])).toEqual([[ben.user.id, 'spoiler']]);
    const bad = await apiRaw(server, CALLS.commentReport, {
      token: ben.token,
      body: { comment_id: c.data!.id, reason: 'boring' },
    });
    expect(bad.status).toBe(1001);
  });
});

describe('orders and pages', () => {
  it('pages newest first with no duplicates or gaps while new comments arrive', async () => {
    const { game } = await work();
    const writer = await signedIn(server);
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      server.clock.advance(1000);
      ids.push((await post(writer, game.id, `comment ${i}`)).data!.id);
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(game.id, cursor ? { cursor } : {});
      expect(page.status).toBe(200);
      seen.push(...page.data!.list.map((c) => c.id));
      cursor = page.data!.next_cursor ?? undefined;
      pages += 1;
      // Newer comments arrive between pages: they belong before the first page, not in this walk.
      server.clock.advance(1000);
      await post(writer, game.id, `late ${pages}`);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('orders top by likes, then newest id, across pages', async () => {
    const { game } = await work();
    const writer = await signedIn(server);
    const likers = await Promise.all([1, 2, 3].map(() => signedIn(server)));
    const posted: Comment[] = [];
    for (let i = 0; i < 25; i += 1) posted.push((await post(writer, game.id, `c${i}`)).data!);
    for (const [index, likes] of [
      [3, 3],
      [10, 2],
      [20, 1],
    ] as const) {
      for (const liker of likers.slice(0, likes)) await likeComment(liker, posted[index]!.id, true);
    }
    const first = await list(game.id, { order: 'top' });
    const second = await list(game.id, { order: 'top', cursor: first.data!.next_cursor! });
    const order = [...first.data!.list, ...second.data!.list].map((c) => c.id);
    const rest = posted
      .filter((_, i) => ![3, 10, 20].includes(i))
      .map((c) => c.id)
      .reverse();
    expect(order).toEqual([posted[3]!.id, posted[10]!.id, posted[20]!.id, ...rest]);
    expect(second.data!.next_cursor).toBeNull();
  });

  it('refuses an edited, foreign or made-up cursor with 1001, never page one', async () => {
    const { game } = await work();
    const other = await work();
    const writer = await signedIn(server);
    for (let i = 0; i < 22; i += 1) {
      await post(writer, game.id, `c${i}`);
      await post(writer, other.game.id, `c${i}`);
    }
    const page = await list(game.id);
    const cursor = page.data!.next_cursor!;
    const [kind, scope, key, id, check] = cursor.split('.');
    const edited = [kind, scope, key, String(Number(id) + 1), check].join('.');
    const foreign = (await list(other.game.id)).data!.next_cursor!;
    const topCursor = (await list(game.id, { order: 'top' })).data!.next_cursor!;
    for (const bad of [edited, foreign, topCursor, 'abc', `${cursor}x`]) {
      const res = await list(game.id, { cursor: bad });
      expect(res.status).toBe(1001);
      expect(res.desc).toBe(
        'Invalid parameters: cursor: this page position does not belong to this list, reload the list',
      );
    }
    const ja = await list(game.id, { cursor: edited, lang: 'ja_JP' });
    expect(ja.desc).toMatch(/^パラメータが正しくありません: cursor：/);
  });

  it('pages replies oldest first', async () => {
    const { game } = await work();
    const writer = await signedIn(server);
    const top = await post(writer, game.id, 'Top');
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) ids.push((await post(writer, game.id, `r${i}`, top.data!.id)).data!.id);
    const first = await replies(top.data!.id);
    const second = await replies(top.data!.id, { cursor: first.data!.next_cursor! });
    expect([...first.data!.list, ...second.data!.list].map((c) => c.id)).toEqual(ids);
    expect(second.data!.next_cursor).toBeNull();
    const foreign = await replies(top.data!.id, { cursor: (await list(game.id)).data!.next_cursor ?? 'r.1.0.1.x' });
    expect(foreign.status).toBe(1001);
  });
});

describe('blocks and visitors', () => {
  it('a player blocked by the creator cannot comment; one blocked by an author cannot answer them', async () => {
    const { creator, game } = await work();
    const [ann, troll] = [await signedIn(server), await signedIn(server)];
    const top = await post(ann, game.id, 'Hello');
    const ok = await post(troll, game.id, 'First reply', top.data!.id);
    await server.database.db.insert(blocks).values({ blockerId: ann.user.id, blockedId: troll.user.id });
    const toAnn = await post(troll, game.id, 'Again', top.data!.id);
    expect(toAnn.status).toBe(6203);
    expect(toAnn.desc).toBe('This player does not accept that from you');
    // Answering their own earlier reply is still a reply in Ann's thread.
    const inAnnsThread = await post(troll, game.id, 'Sneaky', ok.data!.id);
    expect(inAnnsThread.status).toBe(6203);
    expect((await post(troll, game.id, 'Top level is fine')).status).toBe(200);

    await server.database.db
      .insert(blocks)
      .values({ blockerId: creator.user.id, blockedId: troll.user.id });
    const onWork = await post(troll, game.id, 'Still here', undefined, 'zh_CN');
    expect(onWork.status).toBe(6203);
    expect(onWork.desc).toBe('对方不接受你的这项操作');
    expect(await storedCount(game.id)).toBe(3);
  });

  it('a visitor reads comments; every change answers 6102 and changes nothing', async () => {
    const { game } = await work();
    const writer = await signedIn(server);
    const c = await post(writer, game.id, 'Hello visitors');
    const visitor = await signedIn(server, 'DF_ID');
    expect((await list(game.id, { token: visitor.token })).data!.list).toHaveLength(1);
    const answers = [
      await post(visitor, game.id, 'Hi'),
      await post(visitor, game.id, 'Hi', c.data!.id),
      await likeComment(visitor, c.data!.id, true),
      await remove(visitor, c.data!.id),
      await api(server, CALLS.commentReport, {
        token: visitor.token,
        body: { comment_id: c.data!.id, reason: 'spam' },
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(6102);
      expect(res.desc).toBe('Please login to access more features');
    }
    const ja = await api(server, CALLS.commentPost, {
      token: visitor.token,
      body: { game_id: game.id, body: 'Hi' },
      lang: 'ja_JP',
    });
    expect(ja.desc).toBe('ログインするとさらに多くの機能を利用できます');
    expect(await commentRows(game.id)).toHaveLength(1);
    expect((await list(game.id)).data!.list[0]!.like_count).toBe(0);
    const anonymous = await apiRaw(server, CALLS.commentPost, {
      body: { game_id: game.id, body: 'Hi' },
    });
    expect(anonymous.status).not.toBe(200);
  });
});

describe('rate limits', () => {
  it('refuses a player posting faster than the limit with 1003', async () => {
    const limited = await startTestServer();
    try {
      const creator = await signedIn(limited);
      const game = await buildGame(limited.database.db, { creatorId: creator.user.id });
      const writer = await signedIn(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await api(limited, CALLS.commentPost, {
          token: writer.token,
          body: { game_id: game.id, body: `n${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(1003);
    } finally {
      await limited.close();
    }
  });
});
