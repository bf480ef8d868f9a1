import { CALLS } from '@taleforge/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentLikes, comments, games } from '../src/platform/db/schema/index.js';
import { buildGame } from './support/factories.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Counts stay exact when many requests land at once: every change moves its counter in the same
// transaction as its row, and only when a row really changed.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

type Player = Awaited<ReturnType<typeof signedIn>>;

const post = (who: Player, gameId: number, body: string, replyTo?: number) =>
  api(server, CALLS.commentPost, {
    token: who.token,
    body: { game_id: gameId, body, ...(replyTo ? { reply_to_id: replyTo } : {}) },
  });

const like = (who: Player, commentId: number, wanted: boolean) =>
  api(server, CALLS.commentLike, {
    token: who.token,
    body: { comment_id: commentId, like: wanted },
  });

const players = (n: number) => Promise.all(Array.from({ length: n }, () => signedIn(server)));

async function gameCount(gameId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ n: games.commentCount })
    .from(games)
    .where(eq(games.id, gameId));
  return row!.n;
}

/** The visible comments counted from the rows: live, and not under a deleted top comment. */
async function visibleRows(gameId: number): Promise<number> {
  const top = alias(comments, 'top');
  const [row] = await server.database.db
    .select({ n: count() })
    .from(comments)
    .leftJoin(top, eq(top.id, comments.parentId))
    .where(and(eq(comments.gameId, gameId), isNull(comments.deletedAt), isNull(top.deletedAt)));
  return row!.n;
}

async function likeRows(commentId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(commentLikes)
    .where(eq(commentLikes.commentId, commentId));
  return row!.n;
}

async function likeCount(commentId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ n: comments.likeCount })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row!.n;
}

describe('comment counts under concurrency', () => {
  it('50 comments posted at once: the work counts 50', async () => {
    const game = await buildGame(server.database.db);
    const writers = await players(50);
    const answers = await Promise.all(writers.map((w, i) => post(w, game.id, `at once ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await gameCount(game.id)).toBe(50);
    expect(await visibleRows(game.id)).toBe(50);
    const list = await api(server, CALLS.commentList, { query: { game_id: game.id } });
    expect(list.data!.comment_count).toBe(50);
  });

  it('100 simultaneous likes of one comment by one player count once', async () => {
    const game = await buildGame(server.database.db);
    const [author, fan] = await players(2);
    const c = await post(author!, game.id, 'Like me a lot');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => like(fan!, c.data!.id, true)),
    );
    expect(
      answers.every((a) => a.status === 200 && a.data!.liked && a.data!.like_count === 1),
    ).toBe(true);
    expect(await likeRows(c.data!.id)).toBe(1);
    expect(await likeCount(c.data!.id)).toBe(1);
  });

  it('30 players liking and unliking at random end with like_count equal to the rows', async () => {
    const game = await buildGame(server.database.db);
    const [author] = await players(1);
    const c = await post(author!, game.id, 'Flip me');
    const likers = await players(30);
    await Promise.all(
      likers.map(async (p, i) => {
        for (let round = 0; round < 6; round += 1) {
          const res = await like(p, c.data!.id, (i + round) % 3 !== 0);
          expect(res.status).toBe(200);
        }
      }),
    );
    const rows = await likeRows(c.data!.id);
    expect(await likeCount(c.data!.id)).toBe(rows);
    // Each player's last wish is what stands: round 5 wants a like unless (i + 5) % 3 === 0.
    expect(rows).toBe(likers.filter((_, i) => (i + 5) % 3 !== 0).length);
  });

  it('a top comment deleted while replies pour in ends consistent', async () => {
    const game = await buildGame(server.database.db);
    const [author, ...repliers] = await players(21);
    const top = await post(author!, game.id, 'Reply to me');
    await post(author!, game.id, 'A second top comment');
    const replying = repliers.map((r, i) => post(r, game.id, `reply ${i}`, top.data!.id));
    const deleting = api(server, CALLS.commentDelete, {
      token: author!.token,
      body: { comment_id: top.data!.id },
    });
    const answers = await Promise.all(replying);
    expect((await deleting).status).toBe(200);
    // Every reply either landed before the deletion or was refused as "no longer exists".
    expect(answers.every((a) => a.status === 200 || a.status === 6207)).toBe(true);
    const [row] = await server.database.db
      .select({ replies: comments.replyCount })
      .from(comments)
      .where(eq(comments.id, top.data!.id));
    const [replyRows] = await server.database.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.parentId, top.data!.id), isNull(comments.deletedAt)));
    expect(row!.replies).toBe(replyRows!.n);
    expect(replyRows!.n).toBe(answers.filter((a) => a.status === 200).length);
    expect(await gameCount(game.id)).toBe(1);
    expect(await visibleRows(game.id)).toBe(1);
  });
});
