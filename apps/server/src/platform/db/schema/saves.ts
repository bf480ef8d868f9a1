import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from './games.js';
import { games } from './games.js';
import type { PlayerState, StoryView } from './save-state.js';
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
    /**
     * The choices taken in the current chapter, oldest first: the rewind list, shown with every
     * step. Beside the row's other columns so a step reads it with the save; a choice appends one.
     */
    chosen: jsonb('chosen').$type<LocalizedText[]>().notNull().default([]),
    completedChapters: bigint('completed_chapters', { mode: 'number' })
      .array()
      .notNull()
      .default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_saves_user_game_key').on(t.userId, t.gameId),
    index('game_saves_user_updated_idx').on(t.userId, t.updatedAt),
    // The home's featured tale counts the players of the last days (decision 49): a range read.
    index('game_saves_updated_idx').on(t.updatedAt),
  ],
);

/**
 * The choice points of a save's current chapter (what rewind returns to), one row each, `step`
 * counting from 0 (the choice taken from each is in the save's `chosen`). Rows of their own so
 * that a choice adds one and no step reads or rewrites the others: a step costs about the same at
 * the 300th choice as at the 10th. Rewind and a new chapter remove rows.
 */
export const gameSaveSteps = pgTable(
  'game_save_steps',
  {
    saveId: bigint('save_id', { mode: 'number' })
      .notNull()
      .references(() => gameSaves.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    inkState: text('ink_state').notNull(),
    state: jsonb('state').$type<PlayerState>().notNull(),
    view: jsonb('view').$type<StoryView>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.saveId, t.step] })],
);
