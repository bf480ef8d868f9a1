import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { games } from './games.js';
import type { PlayerState, Snapshot, StoryView } from './save-state.js';
import { chapters } from './stories.js';
import { users } from './users.js';

/**
 * One save per player and game, rewritten after every step. `seq` counts steps: an event must
 * name the seq it was made on, so a stale or replayed event (another device, a double tap) is refused.
 */
export const gameSaves = pgTable(
  'game_saves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    chapterId: bigint('chapter_id', { mode: 'number' })
      .notNull()
      .references(() => chapters.id),
    /** The chapter version the ink state belongs to. */
    storyVersion: integer('story_version').notNull(),
    seq: integer('seq').notNull().default(0),
    inkState: text('ink_state').notNull(),
    state: jsonb('state').$type<PlayerState>().notNull(),
    view: jsonb('view').$type<StoryView>().notNull(),
    /** Choice points of the current chapter, oldest first: what rewind returns to. */
    history: jsonb('history').$type<Snapshot[]>().notNull().default([]),
    completedChapters: bigint('completed_chapters', { mode: 'number' })
      .array()
      .notNull()
      .default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_saves_user_game_key').on(t.userId, t.gameId),
    index('game_saves_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);
