import { CALLS } from '@taleforge/contracts';
import { SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  commentLikes,
  commentReports,
  comments,
  notifications,
} from '../src/platform/db/schema/index.js';
import { commentCalls } from './support/comments.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { buildGame } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Comments on works through the real HTTP layer: anyone reads, registered players write, the
// rules (one level of replies, who may delete, blocks, moderation) hold, and refusals change nothing.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
});
afterAll(() => server.close());

describe('posting and replying', () => {
  it('posts a trimmed comment; the list shows it with its author, counts and the viewer flags', async () => {
    const { creator, game } = await calls.work();
    const reader = await signedIn(server);
    const res = await calls.post(reader, game.id, '  What a twist!  ');
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
    const own = await calls.post(creator, game.id, 'Thanks for playing');
    expect(own.data!.by_creator).toBe(true);

    const asVisitor = await calls.list(game.id);
    expect(asVisitor.data!.comment_count).toBe(2);
    expect(asVisitor.data!.list.map((c) => [c.body, c.can_delete])).toEqual([
      ['Thanks for playing', false],
      ['What a twist!', false],
    ]);
    const asCreator = await calls.list(game.id, { token: creator.token });
    expect(asCreator.data!.list.every((c) => c.can_delete)).toBe(true);
    const asOther = await calls.list(game.id, { token: (await signedIn(server)).token });
    expect(asOther.data!.list.map((c) => c.can_delete)).toEqual([false, false]);
  });

  it('stores a comment without its invisible and direction-changing characters', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const res = await calls.post(writer, game.id, 'Loved \u202eit\u200b!\u2066');
    expect(res.status).toBe(200);
    expect(res.data!.body).toBe('Loved it!');
    expect((await calls.commentRows(game.id)).map((row) => row.body)).toEqual(['Loved it!']);
  });

  it('replies stay one level: answering a reply attaches to its top comment and names whom it answers', async () => {
    const { game } = await calls.work();
    const [ann, ben, cat] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const top = await calls.post(ann, game.id, 'Top comment');
    const first = await calls.post(ben, game.id, 'Reply to Ann', top.data!.id);
    expect(first.data).toMatchObject({ parent_id: top.data!.id, reply_to: null });
    const second = await calls.post(cat, game.id, 'Reply to Ben', first.data!.id);
    expect(second.data).toMatchObject({
      parent_id: top.data!.id,
      reply_to: { taleforge_id: ben.user.publicId },
    });

    const page = await calls.list(game.id);
    expect(page.data!.list.map((c) => c.id)).toEqual([top.data!.id]);
    expect(page.data!.list[0]!.reply_count).toBe(2);
    expect(page.data!.comment_count).toBe(3);
    const thread = await calls.replies(top.data!.id);
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
    await calls.post(ann, game.id, 'Answering myself', top.data!.id);
    const after = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.actorId, ann.user.id));
    expect(after).toHaveLength(0);
  });

  it('refuses bad text with clear messages and stores nothing', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const empty = await calls.post(writer, game.id, '   ');
    expect(empty.status).toBe(1001);
    expect(empty.desc).toMatch(/^Invalid parameters: body:/);
    // Only zero-width spaces and a space: nothing anyone would see, so empty (decision 50).
    const invisible = await calls.post(writer, game.id, '\u200b \u200b');
    expect(invisible.status).toBe(1001);
    expect(invisible.desc).toMatch(/^Invalid parameters: body:/);
    const long = await calls.post(writer, game.id, 'x'.repeat(SOCIAL_LIMITS.commentMaxChars + 1));
    expect(long.status).toBe(1001);
    const longest = await calls.post(writer, game.id, '字'.repeat(SOCIAL_LIMITS.commentMaxChars));
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
    const refused = await calls.post(writer, game.id, 'go kill yourself');
    expect(refused.status).toBe(6206);
    expect(refused.desc).toBe('This comment is not allowed, please change it');
    const refusedZh = await calls.post(writer, game.id, 'go kill yourself', undefined, 'zh_CN');
    expect(refusedZh.desc).toBe('该评论不可发布，请修改');
    expect(await calls.commentRows(game.id)).toHaveLength(1);
    expect(await calls.storedCount(game.id)).toBe(1);
  });

  it('answers GAME_NOT_FOUND for unknown and unpublished works, 6207 for an unknown reply target', async () => {
    const writer = await signedIn(server);
    const draft = await buildGame(server.database.db, { publishedAt: null });
    for (const gameId of [draft.id, 987_654_321]) {
      expect((await calls.post(writer, gameId, 'Hello')).status).toBe(4001);
      expect((await calls.list(gameId)).status).toBe(4001);
    }
    const { game } = await calls.work();
    const missing = await calls.post(writer, game.id, 'Hello', 987_654_321, 'ja_JP');
    expect(missing.status).toBe(6207);
    expect(missing.desc).toBe('このコメントはすでに存在しません');
    expect(await calls.commentRows(game.id)).toHaveLength(0);
  });
});

describe('deleting', () => {
  it('the author deletes their own, the creator removes any, anyone else is refused', async () => {
    const { creator, game } = await calls.work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const a = await calls.post(ann, game.id, 'Ann was here');
    const b = await calls.post(ben, game.id, 'Ben was here');

    const refused = await calls.remove(ben, a.data!.id);
    expect(refused.status).toBe(6208);
    expect(refused.desc).toBe("Only its author or the work's creator can delete this comment");
    const refusedZh = await calls.remove(ben, a.data!.id, 'zh_CN');
    expect(refusedZh.desc).toBe('只有评论作者或作品创作者可以删除这条评论');
    expect(await calls.storedCount(game.id)).toBe(2);

    expect((await calls.remove(ann, a.data!.id)).data).toEqual({ comment_count: 1 });
    const again = await calls.remove(ann, a.data!.id);
    expect(again.status).toBe(6207);
    expect(again.desc).toBe('This comment no longer exists');
    expect((await calls.remove(creator, b.data!.id)).data).toEqual({ comment_count: 0 });

    const rows = await calls.commentRows(game.id);
    expect(rows.map((r) => [r.id, r.deletedBy])).toEqual(
      expect.arrayContaining([
        [a.data!.id, ann.user.id],
        [b.data!.id, creator.user.id],
      ]),
    );
    expect((await calls.list(game.id)).data).toMatchObject({ list: [], comment_count: 0 });
    expect((await calls.remove(ann, 987_654_321)).status).toBe(6207);
  });

  it('deleting a top comment takes its replies out of the lists and the count', async () => {
    const { game } = await calls.work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const top = await calls.post(ann, game.id, 'Top');
    const reply = await calls.post(ben, game.id, 'Reply', top.data!.id);
    await calls.post(ben, game.id, 'Reply two', top.data!.id);
    await calls.post(ben, game.id, 'Another top');
    expect(await calls.storedCount(game.id)).toBe(4);
    expect((await calls.remove(ben, reply.data!.id)).data).toEqual({ comment_count: 3 });
    expect(
      (await calls.list(game.id)).data!.list.find((c) => c.id === top.data!.id)!.reply_count,
    ).toBe(1);

    expect((await calls.remove(ann, top.data!.id)).data).toEqual({ comment_count: 1 });
    expect((await calls.replies(top.data!.id)).status).toBe(6207);
    expect((await calls.post(ben, game.id, 'Too late', top.data!.id)).status).toBe(6207);
    expect((await calls.likeComment(ben, top.data!.id, true)).status).toBe(6207);
    expect((await calls.list(game.id)).data!.list.map((c) => c.body)).toEqual(['Another top']);
  });
});

describe('likes and reports', () => {
  it('likes to the state wanted; the list answers liked for that viewer only', async () => {
    const { game } = await calls.work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const c = await calls.post(ann, game.id, 'Like me');
    expect((await calls.likeComment(ben, c.data!.id, true)).data).toEqual({
      liked: true,
      like_count: 1,
    });
    expect((await calls.likeComment(ben, c.data!.id, true)).data).toEqual({
      liked: true,
      like_count: 1,
    });
    expect((await calls.list(game.id, { token: ben.token })).data!.list[0]).toMatchObject({
      liked: true,
      like_count: 1,
    });
    expect((await calls.list(game.id, { token: ann.token })).data!.list[0]!.liked).toBe(false);
    expect((await calls.likeComment(ben, c.data!.id, false)).data).toEqual({
      liked: false,
      like_count: 0,
    });
    expect((await calls.likeComment(ben, c.data!.id, false)).data).toEqual({
      liked: false,
      like_count: 0,
    });
  });

  it('keeps one report per reporter; reporting twice is fine', async () => {
    const { game } = await calls.work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const c = await calls.post(ann, game.id, 'Spoiler: the butler');
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

describe('blocks and visitors', () => {
  it('a player blocked by the creator cannot comment; one blocked by an author cannot answer them', async () => {
    const { creator, game } = await calls.work();
    const [ann, troll] = [await signedIn(server), await signedIn(server)];
    const top = await calls.post(ann, game.id, 'Hello');
    const ok = await calls.post(troll, game.id, 'First reply', top.data!.id);
    await server.database.db
      .insert(blocks)
      .values({ blockerId: ann.user.id, blockedId: troll.user.id });
    const toAnn = await calls.post(troll, game.id, 'Again', top.data!.id);
    expect(toAnn.status).toBe(6203);
    expect(toAnn.desc).toBe('This player does not accept that from you');
    // Answering their own earlier reply is still a reply in Ann's thread.
    const inAnnsThread = await calls.post(troll, game.id, 'Sneaky', ok.data!.id);
    expect(inAnnsThread.status).toBe(6203);
    expect((await calls.post(troll, game.id, 'Top level is fine')).status).toBe(200);

    await server.database.db
      .insert(blocks)
      .values({ blockerId: creator.user.id, blockedId: troll.user.id });
    const onWork = await calls.post(troll, game.id, 'Still here', undefined, 'zh_CN');
    expect(onWork.status).toBe(6203);
    expect(onWork.desc).toBe('对方不接受你的这项操作');
    expect(await calls.storedCount(game.id)).toBe(3);
  });

  it('a visitor reads comments; every change answers 6102 and changes nothing', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const c = await calls.post(writer, game.id, 'Hello visitors');
    const visitor = await signedIn(server, 'DF_ID');
    expect((await calls.list(game.id, { token: visitor.token })).data!.list).toHaveLength(1);
    const answers = [
      await calls.post(visitor, game.id, 'Hi'),
      await calls.post(visitor, game.id, 'Hi', c.data!.id),
      await calls.likeComment(visitor, c.data!.id, true),
      await calls.remove(visitor, c.data!.id),
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
    expect(await calls.commentRows(game.id)).toHaveLength(1);
    expect((await calls.list(game.id)).data!.list[0]!.like_count).toBe(0);
    const anonymous = await apiRaw(server, CALLS.commentPost, {
      body: { game_id: game.id, body: 'Hi' },
    });
    expect(anonymous.status).not.toBe(200);
  });
});

describe('when the database fails mid-change', () => {
  it('answers the SPEC\'s "Comment submission failed" and "Like failed", changing nothing', async () => {
    const faulty = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
    try {
      const db = faulty.database.db;
      const own = commentCalls(faulty);
      const { game } = await own.work();
      const writer = await signedIn(faulty);
      const first = await own.post(writer, game.id, 'Before the fault');
      // A real fault inside the transaction, after every check passed: the row's insert aborts.
      await db.execute(sql`
        create function comment_fault() returns trigger language plpgsql as $$
        begin raise exception 'injected fault'; end $$`);
      for (const table of [comments, commentLikes]) {
        await db.execute(
          sql`create trigger fault before insert on ${table} for each row execute function comment_fault()`,
        );
      }
      const before = await databaseFingerprint(db);
      const posted = await own.post(writer, game.id, 'During the fault');
      expect(posted).toMatchObject({ http: 200, status: 6205 });
      expect(posted.desc).toBe('Comment submission failed, please try again');
      const reply = await own.post(writer, game.id, 'Reply', first.data!.id, 'zh_CN');
      expect(reply).toMatchObject({ status: 6205, desc: '评论提交失败，请重试' });
      const liked = await own.likeComment(writer, first.data!.id, true);
      expect(liked).toMatchObject({ status: 6204, desc: 'Like failed' });
      expect(await databaseFingerprint(db)).toEqual(before);
    } finally {
      await faulty.close();
    }
  });
});
