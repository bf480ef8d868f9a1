import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.js';
import { commentLikes, commentReports, comments } from '../../platform/db/schema/index.js';

/** What the rules need of a comment: where it sits, who wrote it, whether it is still shown. */
export interface CommentState {
  id: number;
  gameId: number;
  parentId: number | null;
  authorId: number;
  replyCount: number;
  deleted: boolean;
  /** Its top comment was deleted, which takes a reply out of every list. */
  parentDeleted: boolean;
}

const parent = alias(comments, 'parent');

/**
 * A comment's state; `lock` takes its row lock first. Posting a reply and deleting lock the top
 * comment before anything under it, so a reply and the deletion of its top comment run one after
 * the other, and `reply_count` and the work's count agree whichever wins.
 */
export async function findCommentState(
  db: Db | Tx,
  commentId: number,
  lock = false,
): Promise<CommentState | null> {
  const query = db
    .select({
      id: comments.id,
      gameId: comments.gameId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      replyCount: comments.replyCount,
      deleted: sql<boolean>`${comments.deletedAt} is not null`,
      parentDeleted: sql<boolean>`coalesce(${parent.deletedAt} is not null, false)`,
    })
    .from(comments)
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .where(eq(comments.id, commentId));
  const [row] = await (lock ? query.for('no key update', { of: comments }) : query);
  return row ?? null;
}

export const isVisible = (state: CommentState | null): state is CommentState =>
  state !== null && !state.deleted && !state.parentDeleted;

export async function insertComment(
  tx: Tx,
  values: {
    gameId: number;
    authorId: number;
    parentId: number | null;
    replyToUserId: number | null;
    body: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function moveReplyCount(tx: Tx, commentId: number, delta: number): Promise<void> {
  await tx
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + ${delta}` })
    .where(eq(comments.id, commentId));
}

export async function markDeleted(
  tx: Tx,
  commentId: number,
  deletedBy: number,
  at: Date,
): Promise<void> {
  await tx.update(comments).set({ deletedAt: at, deletedBy }).where(eq(comments.id, commentId));
}

/**
 * The viewer's like on a comment, to the state wanted. The count moves only when a row was
 * inserted or deleted, so a hundred identical requests count once.
 */
export async function setCommentLike(
  tx: Tx,
  userId: number,
  commentId: number,
  like: boolean,
): Promise<number> {
  const changed = like
    ? await tx
        .insert(commentLikes)
        .values({ userId, commentId })
        .onConflictDoNothing()
        .returning({ id: commentLikes.commentId })
    : await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
        .returning({ id: commentLikes.commentId });
  const [row] =
    changed.length > 0
      ? await tx
          .update(comments)
          .set({ likeCount: sql`${comments.likeCount} + ${like ? 1 : -1}` })
          .where(eq(comments.id, commentId))
          .returning({ likeCount: comments.likeCount })
      : await tx
          .select({ likeCount: comments.likeCount })
          .from(comments)
          .where(eq(comments.id, commentId));
  return row?.likeCount ?? 0;
}

/**
 * One report per reporter: a second report of the same comment keeps the open one. After a
 * moderator dismissed it, reporting again opens the row anew (with its new reason and time), so
 * the comment is back in the queue; a removal's rows stay closed.
 */
export async function insertReport(
  db: Db | Tx,
  values: { commentId: number; reporterId: number; reason: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(commentReports)
    .values(values)
    .onConflictDoUpdate({
      target: [commentReports.commentId, commentReports.reporterId],
      set: {
        reason: sql`excluded.reason`,
        createdAt: sql`excluded.created_at`,
        handledAt: null,
        handledBy: null,
        outcome: null,
      },
      where: sql`${commentReports.outcome} = 'dismissed'`,
    });
}
