import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { games, type LocalizedText } from './games.js';
import { users } from './users.js';
import { videos } from './videos.js';

/** What a work of kind `series` has beyond a game row (owned by the series module). */
export const series = pgTable(
  'series',
  {
    gameId: bigint('game_id', { mode: 'number' })
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Episodes 1..freeEpisodes cost nothing. */
    freeEpisodes: integer('free_episodes').notNull().default(3),
  },
  (t) => [check('series_free_not_negative', sql`${t.freeEpisodes} >= 0`)],
);

/** A numbered episode of a series; its price is 0 when free. */
export const episodes = pgTable(
  'episodes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    price: integer('price').notNull().default(0),
    videoId: bigint('video_id', { mode: 'number' }).references(() => videos.id),
    /** Viewers who started it and who finished it; moved only when a watch row is first made or first completed. */
    viewCount: integer('view_count').notNull().default(0),
    completeCount: integer('complete_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('episodes_game_number_key').on(t.gameId, t.number),
    check('episodes_number_positive', sql`${t.number} >= 1`),
    check('episodes_price_not_negative', sql`${t.price} >= 0`),
    check(
      'episodes_counts_not_negative',
      sql`${t.viewCount} >= 0 and ${t.completeCount} >= 0 and ${t.completeCount} <= ${t.viewCount}`,
    ),
  ],
);

/** A short free preview of a series. */
export const clips = pgTable(
  'clips',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clips_game_idx').on(t.gameId, t.position)],
);

/** One viewer's watch of one episode: where they are, and whether they finished it. */
export const episodeWatches = pgTable(
  'episode_watches',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    positionMs: integer('position_ms').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.episodeId] }),
    index('episode_watches_user_recent_idx').on(t.userId, t.updatedAt),
  ],
);
