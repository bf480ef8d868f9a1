import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Text in every interface language; a missing language falls back to English. */
export type LocalizedText = { en_US: string; zh_CN?: string; ja_JP?: string };

export const games = pgTable(
  'games',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    /** story: a branching story game; series: a short-drama series of episodes (decision 38). */
    kind: text('kind').notNull().default('story'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    cover: text('cover').notNull(),
    scriptType: text('script_type').notNull(),
    tags: text('tags').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    chapterCount: integer('chapter_count').notNull().default(0),
    playCount: integer('play_count').notNull().default(0),
    /** Likes and visible comments (replies too), kept by the social module in the same transaction. */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** An administrator took the game down: hidden, and its creator cannot publish it again. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_slug_key').on(t.slug),
    index('games_published_at_idx').on(t.publishedAt),
    index('games_script_type_idx').on(t.scriptType),
    check('games_counts_not_negative', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
    check('games_kind_known', sql`${t.kind} in ('story', 'series')`),
  ],
);
