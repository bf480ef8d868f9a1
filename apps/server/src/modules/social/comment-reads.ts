import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.js';
import { commentLikes, comments, users } from '../../platform/db/schema/index.js';
import type { CommentCursor } from './comment-cursor.js';

export interface PersonRow {
  publicId: string;
  nickName: string | null;
  avatar: string | null;
}

/** A comment as lists show it: who wrote it, whom it answers, whether the viewer liked it. */
export interface CommentRow {
  id: number;
  gameId: number;
  parentId: number | null;
  authorId: number;
  body: string;
  likeCount: number;
  replyCount: number;
  createdAt: Date;
  /** created_at in microseconds since the epoch, exactly as stored: a `new` cursor's key. */
  createdMicros: string;
  author: PersonRow;
  replyTo: PersonRow | null;
  liked: boolean;
}

const replyUser = alias(users, 'reply_user');

function selectComments(db: Db | Tx, viewerId: number | null) {
  const liked =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`;
  return db
    .select({
      id: comments.id,
      gameId: comments.gameId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      body: comments.body,
      likeCount: comments.likeCount,
      replyCount: comments.replyCount,
      createdAt: comments.createdAt,
      createdMicros: sql<string>`(extract(epoch from ${comments.createdAt}) * 1000000)::bigint::text`,
      author: { publicId: users.publicId, nickName: users.nickName, avatar: users.avatar },
      replyTo: {
        publicId: replyUser.publicId,
        nickName: replyUser.nickName,
        avatar: replyUser.avatar,
      },
      liked,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(replyUser, eq(replyUser.id, comments.replyToUserId));
}

/** Drizzle answers a left join's missing row as an object of nulls' owner: null it is. */
const normalise = (rows: Awaited<ReturnType<ReturnType<typeof selectComments>['limit']>>) =>
  rows.map((row) => ({
    ...row,
    replyTo: row.replyTo?.publicId ? row.replyTo : null,
  })) as CommentRow[];

/**
 * A page of a work's visible top comments, newest first or most liked first, after `after`.
 * The where clause repeats the partial indexes' predicate so the planner can use them.
 */
export async function listTopLevel(
  db: Db,
  options: {
    gameId: number;
    order: 'new' | 'top';
    after: CommentCursor | null;
    viewerId: number | null;
    limit: number;
  },
): Promise<CommentRow[]> {
  const { gameId, order, after, viewerId, limit } = options;
  let position: SQL | undefined;
  if (after && order === 'new') {
    position = sql`(${comments.createdAt}, ${comments.id}) < (timestamptz 'epoch' + ${after.key.toString()}::bigint * interval '1 microsecond', ${after.id})`;
  } else if (after) {
    position = sql`(${comments.likeCount}, ${comments.id}) < (${Number(after.key)}, ${after.id})`;
  }
  const rows = await selectComments(db, viewerId)
    .where(
      and(
        eq(comments.gameId, gameId),
        isNull(comments.parentId),
        isNull(comments.deletedAt),
        position,
      ),
    )
    .orderBy(
      ...(order === 'new'
        ? [desc(comments.createdAt), desc(comments.id)]
        : [desc(comments.likeCount), desc(comments.id)]),
    )
    .limit(limit);
  return normalise(rows);
}

/** A page of a top comment's visible replies, oldest first, after reply `afterId`. */
export async function listReplies(
  db: Db,
  options: { parentId: number; afterId: number | null; viewerId: number | null; limit: number },
): Promise<CommentRow[]> {
  const { parentId, afterId, viewerId, limit } = options;
  const rows = await selectComments(db, viewerId)
    .where(
      and(
        eq(comments.parentId, parentId),
        isNull(comments.deletedAt),
        afterId === null ? undefined : gt(comments.id, afterId),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(limit);
  return normalise(rows);
}

export async function findCommentRow(
  db: Db | Tx,
  commentId: number,
  viewerId: number | null,
): Promise<CommentRow | null> {
  const rows = await selectComments(db, viewerId).where(eq(comments.id, commentId)).limit(1);
  return normalise(rows)[0] ?? null;
}
