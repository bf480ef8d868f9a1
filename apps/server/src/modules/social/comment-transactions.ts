import { STATUS } from '@taleforge/contracts/status';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findPublishedGame, moveCommentCount } from '../play/index.js';
import { isBlocked } from './block-queries.js';
import { type CommentRow, findCommentRow } from './comment-reads.js';
import {
  type CommentState,
  findCommentState,
  insertComment,
  isVisible,
  markDeleted,
  moveReplyCount,
  setCommentLike,
} from './comment-writes.js';
import { notify } from './notification-queries.js';
import { droppingAfter, type SocialReadCache } from './social-read-cache.js';

const notFound = () => new AppError(STATUS.COMMENT_NOT_FOUND);

/**
 * Locks a comment for a change that may take it down: its top comment's row first, then its
 * own, the order posting a reply takes too. `touch` learns the work, to drop its cached reads.
 * Both are null for an unknown comment.
 */
export async function lockThread(
  tx: Tx,
  commentId: number,
  touch: (gameId: number) => void,
): Promise<{ top: CommentState | null; current: CommentState | null }> {
  const target = await findCommentState(tx, commentId);
  if (!target) return { top: null, current: null };
  touch(target.gameId);
  const top = await findCommentState(tx, target.parentId ?? target.id, true);
  const current = target.parentId === null ? top : await findCommentState(tx, target.id, true);
  return { top, current };
}

/**
 * Takes a visible comment down with every count it moves: its top comment's `reply_count`, and
 * the work's `comment_count` by itself and, for a top comment, its replies. The caller holds the
 * top comment's row lock (and the reply's), so a racing reply or deletion waits. Answers the
 * work's new count. An author, the work's creator and a moderator all delete through this.
 */
export async function softDelete(
  tx: Tx,
  locked: { top: CommentState; current: CommentState },
  deletedBy: number,
  at: Date,
): Promise<number> {
  const { top, current } = locked;
  await markDeleted(tx, current.id, deletedBy, at);
  if (current.parentId !== null) await moveReplyCount(tx, current.parentId, -1);
  const removed = current.parentId === null ? 1 + top.replyCount : 1;
  return (await moveCommentCount(tx, current.gameId, -removed)) ?? 0;
}

/**
 * The comment changes, each one transaction with every count it moves: the comment row, its top
 * comment's `reply_count`, the work's `comment_count` (through play) and the reply notification
 * commit together or not at all. Each drops its work's cached reads once it is over.
 */
export function createCommentWrites(deps: { db: Db; now: () => Date; cache: SocialReadCache }) {
  const { db, now, cache } = deps;

  return {
    /**
     * A top comment, or a reply: answering a reply attaches to its top comment (one level) and
     * names the reply's author. The top comment is locked first, like a deletion does.
     */
    post(
      userId: number,
      gameId: number,
      body: string,
      replyToId: number | null,
    ): Promise<CommentRow> {
      return droppingAfter(cache, (touch) => {
        touch(gameId);
        return db.transaction(async (tx) => {
          let parentId: number | null = null;
          let answered: number | null = null;
          let replyToUserId: number | null = null;
          if (replyToId !== null) {
            const target = await findCommentState(tx, replyToId);
            if (!target || target.gameId !== gameId) throw notFound();
            const top = await findCommentState(tx, target.parentId ?? target.id, true);
            const current = target.parentId === null ? top : await findCommentState(tx, target.id);
            if (!isVisible(top) || !isVisible(current)) throw notFound();
            // Blocked by whom they answer, or by whose thread it is: both would read it.
            const refusedBy = await Promise.all(
              [...new Set([current.authorId, top.authorId])].map((author) =>
                isBlocked(tx, author, userId),
              ),
            );
            if (refusedBy.includes(true)) throw new AppError(STATUS.BLOCKED_BY_USER);
            parentId = top.id;
            answered = current.authorId;
            replyToUserId = current.parentId === null ? null : current.authorId;
          }
          const id = await insertComment(tx, {
            gameId,
            authorId: userId,
            parentId,
            replyToUserId,
            body,
            createdAt: now(),
          });
          if (parentId !== null) await moveReplyCount(tx, parentId, 1);
          await moveCommentCount(tx, gameId, 1);
          if (answered !== null && answered !== userId) {
            await notify(tx, {
              userId: answered,
              kind: 'reply',
              actorId: userId,
              gameId,
              commentId: id,
            });
          }
          return (await findCommentRow(tx, id, userId))!;
        });
      });
    },

    /**
     * Soft-deletes a comment for its author or the work's creator. A top comment takes its
     * replies out of the lists and the count with it; they keep their rows.
     */
    remove(userId: number, commentId: number): Promise<number> {
      return droppingAfter(cache, (touch) =>
        db.transaction(async (tx) => {
          const { top, current } = await lockThread(tx, commentId, touch);
          if (!isVisible(top) || !isVisible(current)) throw notFound();
          const game = await findPublishedGame(tx, current.gameId);
          if (userId !== current.authorId && userId !== game?.creatorId) {
            throw new AppError(STATUS.COMMENT_NOT_YOURS);
          }
          return softDelete(tx, { top, current }, userId, now());
        }),
      );
    },

    like(userId: number, commentId: number, like: boolean): Promise<number> {
      return droppingAfter(cache, (touch) =>
        db.transaction(async (tx) => {
          const comment = await findCommentState(tx, commentId);
          if (!isVisible(comment)) throw notFound();
          touch(comment.gameId);
          return setCommentLike(tx, userId, commentId, like);
        }),
      );
    },
  };
}
