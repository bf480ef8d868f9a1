import type { PartialLocalized, StudioCharacter, StudioMinigame } from '@taleforge/contracts';
import type { ScriptType } from '@taleforge/contracts/constants';
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
import { games } from './games.js';
import { users } from './users.js';

/**
 * A creator's work as the studio edits it (owned by the studio module). It stays private until
 * published: publishing compiles it and writes the player-facing `games` row and a new version of
 * each changed chapter (decision 41). `revision` counts changes; `published_revision` is the one
 * players have, so the two differ while there are unpublished changes.
 */
export const studioWorks = pgTable(
  'studio_works',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The game players see, from the first publish on. */
    gameId: bigint('game_id', { mode: 'number' }).references(() => games.id, {
      onDelete: 'set null',
    }),
    title: jsonb('title').$type<PartialLocalized>().notNull(),
    description: jsonb('description').$type<PartialLocalized>().notNull().default({}),
    scriptType: text('script_type').$type<ScriptType>().notNull(),
    tags: text('tags').array().notNull().default([]),
    /** An uploaded cover's media name; null: drawn from our art. */
    coverMedia: text('cover_media'),
    characters: jsonb('characters').$type<StudioCharacter[]>().notNull().default([]),
    chapters: jsonb('chapters')
      .$type<{ title: PartialLocalized; file: string; price_gems: number }[]>()
      .notNull()
      .default([]),
    tasks: jsonb('tasks').$type<{ key: string; title: PartialLocalized }[]>().notNull().default([]),
    minigames: jsonb('minigames').$type<StudioMinigame[]>().notNull().default([]),
    revision: integer('revision').notNull().default(0),
    /** The create call's idempotency key: its repeat answers this work instead of a second. */
    createKey: text('create_key'),
    publishedRevision: integer('published_revision'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('studio_works_owner_idx').on(t.ownerId, t.updatedAt),
    uniqueIndex('studio_works_create_key_idx').on(t.ownerId, t.createKey),
  ],
);

/** The ink files of a studio work, by path within the work. */
export const studioFiles = pgTable(
  'studio_files',
  {
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => studioWorks.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.path] })],
);
