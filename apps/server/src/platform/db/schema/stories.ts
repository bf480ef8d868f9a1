import type { CharacterPersona } from '@taleforge/contracts/character-persona';
import type { AudioKind, Expression } from '@taleforge/contracts/constants';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { games, type LocalizedText } from './games.js';

/**
 * A chapter of a game. Its story lives in chapter_versions: `version` names the one new plays
 * start on, while saves keep the version they were made on (see docs/story-runtime.md).
 */
export const chapters = pgTable(
  'chapters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** 0 means free. */
    priceGems: integer('price_gems').notNull().default(0),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('chapters_game_position_key').on(t.gameId, t.position)],
);

/** Every published story of a chapter, kept so that old saves still run. */
export const chapterVersions = pgTable(
  'chapter_versions',
  {
    chapterId: bigint('chapter_id', { mode: 'number' })
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    inkSource: text('ink_source').notNull(),
    /** inkjs compiled JSON: what the runtime loads. */
    storyJson: text('story_json').notNull(),
    /** The work's other ink files the chapter INCLUDEs, by path: the source as published. */
    includes: jsonb('includes').$type<Record<string, string>>(),
    /**
     * The mini-games this version plays, by key, frozen at publish so that a save part-way through
     * never meets a changed one (decision 41). Null on versions from before: the game's table.
     */
    minigames: jsonb('minigames').$type<Record<string, MinigameSpec>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.version] })],
);

/** Face parameters of a generated portrait (see modules/play/portrait.ts). */
export type FaceStyle = {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'bun' | 'spiky' | 'hood';
  eyes: string;
  accent: string;
};

/** A goal the AI conversation can reach; the story names it in a `chat` tag. */
export type ChatGoal = { description: LocalizedText; success: LocalizedText };

export const npcs = pgTable(
  'npcs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** What ink tags call this character. */
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Who the character is, for the AI conversation's system prompt. */
    persona: jsonb('persona').$type<LocalizedText>().notNull(),
    greeting: jsonb('greeting').$type<LocalizedText>().notNull(),
    goals: jsonb('goals').$type<Record<string, ChatGoal>>().notNull().default({}),
    face: jsonb('face').$type<FaceStyle>().notNull(),
    /** The authored chat material (CharacterPersona, docs/character-persona.md); null: no chat. */
    character: jsonb('character').$type<CharacterPersona>(),
    /** Uploaded pictures by expression (media URLs); null or a missing one: drawn from `face`. */
    expressions: jsonb('expressions').$type<Partial<Record<Expression, string>>>(),
  },
  (t) => [uniqueIndex('npcs_game_key').on(t.gameId, t.key)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
  },
  (t) => [uniqueIndex('tasks_game_key').on(t.gameId, t.key)],
);

export type PuzzleSpec = { kind: 'puzzle'; prompt: LocalizedText; pieces: LocalizedText[] };
export type DiceSpec = { kind: 'dice'; opponent: string; target: number };
export type WordSpec = { kind: 'word'; clue: LocalizedText; answer: LocalizedText };
export type MinigameSpec = PuzzleSpec | DiceSpec | WordSpec;

export const minigames = pgTable(
  'minigames',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    spec: jsonb('spec').$type<MinigameSpec>().notNull(),
  },
  (t) => [uniqueIndex('minigames_game_key').on(t.gameId, t.key)],
);

/** Scene backgrounds: two colours and a motif drawn as SVG. */
export type SceneStyle = {
  top: string;
  bottom: string;
  motif: 'stars' | 'city' | 'waves' | 'hills' | 'grid' | 'rain';
};

export const scenes = pgTable(
  'scenes',
  {
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    style: jsonb('style').$type<SceneStyle>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.key] }), index('scenes_game_idx').on(t.gameId)],
);

/**
 * A game's sounds. The bytes sit in the media store (modules/media) under a name made from their
 * hash, so a changed file gets a new URL and each URL can be cached for good.
 */
export const gameAudio = pgTable(
  'game_audio',
  {
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').$type<AudioKind>().notNull(),
    /** The media store's name of the file, e.g. `3f2a….mp3`. */
    media: text('media').notNull(),
    loop: boolean('loop').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.key] })],
);
