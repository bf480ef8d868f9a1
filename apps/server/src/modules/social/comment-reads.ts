import type { Placeholder } from 'drizzle-orm';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
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

/**
 * A page size written into the statement's text instead of bound: PGlite keeps statements
 * prepared (platform/db/pglite-statement-cache.ts), and a generic plan that does not know the
 * limit sorts every comment of the work instead of reading 21 from the index (measured ~5×
 * slower on a 10,000-comment work). The number is ours, never the request's.
 */
const inlineLimit = (limit: number) => sql.raw(String(Math.trunc(limit))) as unknown as Placeholder;

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

/** A comment that answers nobody in particular (or whose person is gone) has no reply_to. */
const normalise = (rows: (Omit<CommentRow, 'replyTo'> & { replyTo: PersonRow | null })[]) =>
  rows.map((row) => ({
    ...row,
    replyTo: row.replyTo?.publicId ? row.replyTo : null,
  })) as CommentRow[];

/**
 * A page of a work's visible top comments, newest first or most liked first, after `after`.
 * The page's ids are chosen alone first (the where clause repeats a partial index's predicate,
 * so that index serves it in order), then only those rows are joined to their people and likes:
 * otherwise the planner may join every comment of the work before it sorts and cuts.
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
  const sortKey = order === 'new' ? comments.createdAt : comments.likeCount;
  // The indexes are built `desc nulls last`; the order must say so to be served by them (the
  // columns are never null, so the answer is the same).
  const ordering = [sql`${sortKey} desc nulls last`, sql`${comments.id} desc nulls last`];
  const page = db
    .select({ pageId: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.gameId, gameId),
        isNull(comments.parentId),
        isNull(comments.deletedAt),
        position,
      ),
    )
    .orderBy(...ordering)
    .limit(inlineLimit(limit))
    .as('page');
  const rows = await selectComments(db, viewerId)
    .innerJoin(page, eq(page.pageId, comments.id))
    .orderBy(...ordering);
  return normalise(rows);
}

/** A page of a top comment's visible replies, oldest first, after reply `afterId`. */
export async function listReplies(
  db: Db,
  options: { parentId: number; afterId: number | null; viewerId: number | null; limit: number },
): Promise<CommentRow[]> {
  const { parentId, afterId, viewerId, limit } = options;
  const page = db
    .select({ pageId: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.parentId, parentId),
        isNull(comments.deletedAt),
        afterId === null ? undefined : gt(comments.id, afterId),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(inlineLimit(limit))
    .as('page');
  const rows = await selectComments(db, viewerId)
    .innerJoin(page, eq(page.pageId, comments.id))
    .orderBy(asc(comments.id));
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
