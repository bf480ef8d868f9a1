import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { comments, games } from '../../src/platform/db/schema/index.js';
import { buildGame } from './factories.js';
import { api } from './http.js';
import { signedIn } from './profiles.js';
import type { TestServer } from './server.js';

export type Player = Awaited<ReturnType<typeof signedIn>>;

/** The comment calls as a test makes them, against one server, and what the database holds. */
export function commentCalls(server: TestServer) {
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

  return { post, list, replies, remove, likeComment, work, storedCount, commentRows };
}
