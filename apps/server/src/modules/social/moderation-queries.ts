import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.js';
import { commentReports, comments, games, users } from '../../platform/db/schema/index.js';
import type { PagePosition } from './page-cursor.js';

/**
 * The queue's order is the open report count (most first), then the first open report's time
 * (longest waiting first), then the comment id. A cursor carries one key: the count (capped, so
 * the key stays within the cursor's 20 digits) above the time in microseconds.
 */
const COUNT_CAP = 9999;
const COUNT_SHIFT = 10n ** 16n;

export const queueKey = (count: number, firstMicros: bigint): bigint =>
  BigInt(Math.min(count, COUNT_CAP)) * COUNT_SHIFT + firstMicros;

const micros = (column: unknown) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;

const parent = alias(comments, 'parent');

/** A page of visible comments with open reports, in the queue's order, after `after`. */
export async function listReportedComments(
  db: Db,
  options: { after: PagePosition | null; limit: number },
) {
  const open = db.$with('open_reports').as(
    db
      .select({
        commentId: commentReports.commentId,
        count: sql<number>`count(*)::int`.as('report_count'),
        firstMicros: sql<string>`${micros(sql`min(${commentReports.createdAt})`)}`.as(
          'first_micros',
        ),
        lastMicros: sql<string>`${micros(sql`max(${commentReports.createdAt})`)}`.as('last_micros'),
        reasons: sql<string>`string_agg(${commentReports.reason}, ',')`.as('reasons'),
      })
      .from(commentReports)
      .where(isNull(commentReports.handledAt))
      .groupBy(commentReports.commentId),
  );
  const rank = sql`least(${open.count}, ${sql.raw(String(COUNT_CAP))})`;
  const after = options.after;
  const position = after
    ? sql`(-${rank}, ${open.firstMicros}, ${comments.id}) > (${(-(after.key / COUNT_SHIFT)).toString()}::bigint, ${(after.key % COUNT_SHIFT).toString()}::bigint, ${after.id}::bigint)`
    : undefined;
  return db
    .with(open)
    .select({
      id: comments.id,
      parentId: comments.parentId,
      body: comments.body,
      createdAt: comments.createdAt,
      author: { publicId: users.publicId, nickName: users.nickName, avatar: users.avatar },
      gameId: games.id,
      gameTitle: games.title,
      count: open.count,
      firstMicros: sql<string>`${open.firstMicros}::text`,
      lastMicros: sql<string>`${open.lastMicros}::text`,
      reasons: open.reasons,
    })
    .from(open)
    .innerJoin(comments, eq(comments.id, open.commentId))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(games, eq(games.id, comments.gameId))
    .where(and(isNull(comments.deletedAt), isNull(parent.deletedAt), position))
    .orderBy(sql`${rank} desc`, asc(open.firstMicros), asc(comments.id))
    .limit(options.limit);
}

export type ReportedRow = Awaited<ReturnType<typeof listReportedComments>>[number];

type Closing = { by: number; at: Date; outcome: 'removed' | 'dismissed' };

const closing = (close: Closing) => ({
  handledAt: close.at,
  handledBy: close.by,
  outcome: close.outcome,
});

/**
 * Closes every open report of a comment with one outcome; answers how many it closed. Run
 * under the comment's row lock, so of two moderators on one item the second closes none.
 */
export async function closeOpenReports(tx: Tx, commentId: number, close: Closing): Promise<number> {
  const closed = await tx
    .update(commentReports)
    .set(closing(close))
    .where(and(eq(commentReports.commentId, commentId), isNull(commentReports.handledAt)))
    .returning({ id: commentReports.commentId });
  return closed.length;
}

/**
 * Closes the open reports of a top comment's replies, which its removal takes down with it:
 * left open they would wait unseen, and a later call on such a reply would not know a moderator
 * had decided. Run under the top comment's row lock, which posting a reply takes too.
 */
export async function closeRepliesReports(tx: Tx, topId: number, close: Closing): Promise<void> {
  const replies = tx.select({ id: comments.id }).from(comments).where(eq(comments.parentId, topId));
  await tx
    .update(commentReports)
    .set(closing(close))
    .where(and(inArray(commentReports.commentId, replies), isNull(commentReports.handledAt)));
}

/**
 * Whether a moderator closed a report of this comment: with a removal only (`removed`), or with
 * either outcome. A comment gone with a dismissed report was deleted by its author or creator.
 */
export async function wasHandled(
  tx: Tx,
  commentId: number,
  outcome: 'removed' | 'either',
): Promise<boolean> {
  const [row] = await tx
    .select({ id: commentReports.commentId })
    .from(commentReports)
    .where(
      and(
        eq(commentReports.commentId, commentId),
        outcome === 'removed'
          ? eq(commentReports.outcome, 'removed')
          : isNotNull(commentReports.handledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
