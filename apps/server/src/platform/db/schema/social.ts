import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { games } from './games.js';
import { users } from './users.js';

/** One player following another; the pair is the key, so a race of follows ends in one row. */
export const follows = pgTable(
  'follows',
  {
    followerId: bigint('follower_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: bigint('followee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_idx').on(t.followerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** A player blocking another: the blocked one cannot follow, comment on their works or reply. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A like on a work; `games.like_count` counts these, written in the same transaction. */
export const gameLikes = pgTable(
  'game_likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('game_likes_game_idx').on(t.gameId),
    index('game_likes_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A comment on a work, or a reply one level under a top comment (`parent_id`). Deleting keeps
 * the row (`deleted_at`), so replies, likes and reports keep their anchor; lists leave it out.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** The person a reply answers (the author of the comment or reply it was written under). */
    replyToUserId: bigint('reply_to_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Who deleted it: its author, or the work's creator removing it. */
    deletedBy: bigint('deleted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('comments_game_new_idx')
      .on(t.gameId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    index('comments_game_top_idx')
      .on(t.gameId, t.likeCount.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    index('comments_parent_idx').on(t.parentId, t.id).where(sql`${t.deletedAt} is null`),
    index('comments_author_idx').on(t.authorId, t.createdAt),
    check('comments_counts_not_negative', sql`${t.likeCount} >= 0 and ${t.replyCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.commentId] }),
    index('comment_likes_comment_idx').on(t.commentId),
  ],
);

/**
 * One report per reporter and comment. A moderator closes a comment's open reports at once
 * (`handled_at`), removing the comment or dismissing them; a report after a dismissal reopens
 * the reporter's row (decision 46).
 */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** `removed` (the comment was taken down) or `dismissed` (it stays). */
    outcome: text('outcome'),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.reporterId] }),
    index('comment_reports_open_idx').on(t.commentId).where(sql`${t.handledAt} is null`),
    check(
      'comment_reports_outcome',
      sql`(${t.handledAt} is null and ${t.outcome} is null) or (${t.handledAt} is not null and ${t.outcome} in ('removed', 'dismissed'))`,
    ),
  ],
);

/**
 * What a player is told: a follower, a reply, a like on a work. The same actor liking the same
 * work again (after an unlike), or following again, tells once: the unique key holds it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' }).references(() => games.id, {
      onDelete: 'cascade',
    }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_once_key').on(
      t.userId,
      t.kind,
      t.actorId,
      sql`coalesce(${t.gameId}, 0)`,
      sql`coalesce(${t.commentId}, 0)`,
    ),
  ],
);
