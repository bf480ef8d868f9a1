import { CALLS, type Comment } from '@taleforge/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_READ_CACHE_MS } from '../src/modules/social/social-read-cache.js';
import { commentLikes, comments, gameLikes, games } from '../src/platform/db/schema/index.js';
import { commentCalls, type Player } from './support/comments.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// The work page's cached social reads (decision 36, "Caching"): every change is in the very next
// read, each viewer's own likes and rights are laid over the page everyone shares, and reads
// racing writes never leave a stale page behind.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
});
afterAll(() => server.close());

const counts = (gameId: number, who?: Player) =>
  api(server, CALLS.workSocial, {
    query: { game_id: gameId },
    ...(who ? { token: who.token } : {}),
  });
const likeWork = (who: Player, gameId: number, like: boolean) =>
  api(server, CALLS.workLike, { token: who.token, body: { game_id: gameId, like } });
const firstPage = async (gameId: number, order: 'new' | 'top' = 'new', who?: Player) =>
  (await calls.list(gameId, { order, ...(who ? { token: who.token } : {}) })).data!;
const byId = (list: Comment[], id: number) => list.find((c) => c.id === id)!;

describe('a change is in the very next read', () => {
  it('shows a post, a reply, likes and a deletion on the first page and the counts', async () => {
    const { game } = await calls.work();
    const [writer, fan] = [await signedIn(server), await signedIn(server)];
    expect((await firstPage(game.id)).list).toEqual([]);
    expect((await counts(game.id)).data).toMatchObject({ like_count: 0, comment_count: 0 });

    const top = (await calls.post(writer, game.id, 'first!')).data!;
    let page = await firstPage(game.id);
    expect(page.list.map((c) => c.id)).toEqual([top.id]);
    expect(page.comment_count).toBe(1);
    expect((await counts(game.id)).data!.comment_count).toBe(1);

    await calls.post(fan, game.id, 'a reply', top.id);
    await calls.likeComment(fan, top.id, true);
    await likeWork(fan, game.id, true);
    page = await firstPage(game.id, 'top');
    expect(byId(page.list, top.id)).toMatchObject({ reply_count: 1, like_count: 1 });
    expect((await counts(game.id)).data).toMatchObject({ like_count: 1, comment_count: 2 });

    await calls.remove(writer, top.id);
    for (const order of ['new', 'top'] as const) {
      expect((await firstPage(game.id, order)).list).toEqual([]);
    }
    expect((await counts(game.id)).data).toMatchObject({ like_count: 1, comment_count: 0 });
  });

  it('serves a shared page for at most its lifetime when the change did not pass through here', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const posted = (await calls.post(writer, game.id, 'kept')).data!;
    expect((await firstPage(game.id)).list[0]!.like_count).toBe(0);
    // As another server's write would: this process is not told.
    await server.database.db
      .update(comments)
      .set({ likeCount: 5 })
      .where(eq(comments.id, posted.id));
    expect((await firstPage(game.id)).list[0]!.like_count).toBe(0);
    server.clock.advance(SOCIAL_READ_CACHE_MS + 1);
    expect((await firstPage(game.id)).list[0]!.like_count).toBe(5);
  });
});

describe('the viewer over the shared page', () => {
  it('gives each viewer their own likes and delete rights, and nobody the ids', async () => {
    const { game, creator } = await calls.work();
    const [ann, bob] = [await signedIn(server), await signedIn(server)];
    const visitor = await signedIn(server, 'DF_ID');
    const annsComment = (await calls.post(ann, game.id, "Ann's")).data!;
    const bobsComment = (await calls.post(bob, game.id, "Bob's")).data!;
    await calls.likeComment(ann, bobsComment.id, true);
    await calls.likeComment(bob, annsComment.id, true);
    await likeWork(bob, game.id, true);
    await firstPage(game.id); // filled by an anonymous reader, then shared

    const seen = async (who?: Player) => {
      const { list } = await firstPage(game.id, 'new', who);
      const flags = (c: Comment) => ({ liked: c.liked, can_delete: c.can_delete });
      return [flags(byId(list, annsComment.id)), flags(byId(list, bobsComment.id))];
    };
    expect(await seen(ann)).toEqual([
      { liked: false, can_delete: true },
      { liked: true, can_delete: false },
    ]);
    expect(await seen(bob)).toEqual([
      { liked: true, can_delete: false },
      { liked: false, can_delete: true },
    ]);
    const everyoneElse = { liked: false, can_delete: false };
    expect(await seen(creator)).toEqual([
      { liked: false, can_delete: true },
      { liked: false, can_delete: true },
    ]);
    expect(await seen(visitor)).toEqual([everyoneElse, everyoneElse]);
    expect(await seen()).toEqual([everyoneElse, everyoneElse]);

    expect((await counts(game.id, bob)).data!.liked).toBe(true);
    expect((await counts(game.id, ann)).data!.liked).toBe(false);
    expect((await counts(game.id)).data!.liked).toBe(false);
    const answer = JSON.stringify(await firstPage(game.id, 'new', ann));
    expect(answer).not.toMatch(/author_?id|creator_?id/i);
  });
});

describe("each member's likes, kept beside the shared page", () => {
  it("shows a member's own like and unlike in their next read, and never to anyone else", async () => {
    const { game } = await calls.work();
    const [ann, bob] = [await signedIn(server), await signedIn(server)];
    const posted = (await calls.post(ann, game.id, 'like me')).data!;
    const likedBy = async (who: Player) => ({
      comment: byId((await firstPage(game.id, 'new', who)).list, posted.id).liked,
      top: byId((await firstPage(game.id, 'top', who)).list, posted.id).liked,
      work: (await counts(game.id, who)).data!.liked,
    });
    const none = { comment: false, top: false, work: false };
    // Both read first, so both have their likes kept.
    expect(await likedBy(ann)).toEqual(none);
    expect(await likedBy(bob)).toEqual(none);

    await calls.likeComment(bob, posted.id, true);
    await likeWork(bob, game.id, true);
    expect(await likedBy(bob)).toEqual({ comment: true, top: true, work: true });
    expect(await likedBy(ann)).toEqual(none);

    await calls.likeComment(bob, posted.id, false);
    await calls.likeComment(ann, posted.id, true);
    expect(await likedBy(bob)).toEqual({ comment: false, top: false, work: true });
    expect(await likedBy(ann)).toEqual({ comment: true, top: true, work: false });
    await likeWork(bob, game.id, false);
    expect((await counts(game.id, bob)).data!.liked).toBe(false);
  });

  it('keeps them for at most the lifetime when the like did not pass through here', async () => {
    const { game } = await calls.work();
    const [ann, bob] = [await signedIn(server), await signedIn(server)];
    const posted = (await calls.post(ann, game.id, 'liked elsewhere')).data!;
    const seen = async () => ({
      comment: byId((await firstPage(game.id, 'new', bob)).list, posted.id).liked,
      work: (await counts(game.id, bob)).data!.liked,
    });
    expect(await seen()).toEqual({ comment: false, work: false });
    // As another server's writes would: this process is not told, and its reads ask nothing.
    const { db } = server.database;
    await db.insert(commentLikes).values({ userId: bob.user.id, commentId: posted.id });
    await db
      .insert(gameLikes)
      .values({ userId: bob.user.id, gameId: game.id, createdAt: new Date() });
    expect(await seen()).toEqual({ comment: false, work: false });
    server.clock.advance(SOCIAL_READ_CACHE_MS + 1);
    expect(await seen()).toEqual({ comment: true, work: true });
  });

  it("is retired by any change to the work, not only the member's own", async () => {
    const { game } = await calls.work();
    const [ann, bob] = [await signedIn(server), await signedIn(server)];
    const posted = (await calls.post(ann, game.id, 'first')).data!;
    expect(byId((await firstPage(game.id, 'new', bob)).list, posted.id).liked).toBe(false);
    // Bob's like arrives behind the cache's back, then Ann's comment drops the work's reads.
    await server.database.db
      .insert(commentLikes)
      .values({ userId: bob.user.id, commentId: posted.id });
    await calls.post(ann, game.id, 'second');
    const { list } = await firstPage(game.id, 'new', bob);
    expect(list.map((c) => [c.body, c.liked])).toEqual([
      ['second', false],
      ['first', true],
    ]);
  });
});

describe('reads racing writes', () => {
  it('end with the first pages and counts the database holds', async () => {
    const { game } = await calls.work();
    const players = await Promise.all(Array.from({ length: 6 }, () => signedIn(server)));
    const seeded = await Promise.all(players.map((p, i) => calls.post(p, game.id, `seed ${i}`)));
    const ids = seeded.map((r) => r.data!.id);
    for (let round = 0; round < 4; round += 1) {
      const writes = players.flatMap((p, i) => [
        calls.post(p, game.id, `round ${round} by ${i}`),
        calls.likeComment(p, ids[(i + round) % ids.length]!, round % 2 === 0),
        likeWork(p, game.id, round % 2 === 0),
        ...(round === 2 && i < 2 ? [calls.remove(p, ids[i]!)] : []),
        calls.post(p, game.id, `reply ${round}`, ids[(i + 1) % ids.length]),
      ]);
      const reads = Array.from({ length: 12 }, (_, i) =>
        i % 3 === 2 ? counts(game.id) : calls.list(game.id, { order: i % 2 ? 'top' : 'new' }),
      );
      await Promise.all([...writes, ...reads]);

      for (const order of ['new', 'top'] as const) {
        const page = await firstPage(game.id, order);
        const stored = await storedFirstPage(game.id, order);
        expect(page.list.map((c) => [c.id, c.like_count, c.reply_count])).toEqual(stored);
      }
      const work = (await counts(game.id)).data!;
      expect(work).toMatchObject(await storedCounts(game.id));
    }
  });
});

async function storedFirstPage(gameId: number, order: 'new' | 'top') {
  const key = order === 'new' ? comments.createdAt : comments.likeCount;
  const rows = await server.database.db
    .select({ id: comments.id, likes: comments.likeCount, replies: comments.replyCount })
    .from(comments)
    .where(and(eq(comments.gameId, gameId), isNull(comments.parentId), isNull(comments.deletedAt)))
    .orderBy(desc(key), desc(comments.id))
    .limit(20);
  return rows.map((r) => [r.id, r.likes, r.replies]);
}

async function storedCounts(gameId: number) {
  const { db } = server.database;
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  const [likes] = await db
    .select({ n: count() })
    .from(gameLikes)
    .where(eq(gameLikes.gameId, gameId));
  const [visible] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.gameId, gameId),
        isNull(comments.deletedAt),
        sql`not exists (
      select 1 from comments top where top.id = ${comments.parentId} and top.deleted_at is not null)`,
      ),
    );
  // The stored counters are what the read serves; they must agree with the rows themselves.
  expect(game!.likeCount).toBe(likes!.n);
  expect(game!.commentCount).toBe(visible!.n);
  return { like_count: likes!.n, comment_count: visible!.n };
}
