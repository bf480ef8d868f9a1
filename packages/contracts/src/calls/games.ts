import { z } from 'zod';
import {
  defineCall,
  idSchema,
  pageOf,
  pageQuerySchema,
  queryIdSchema,
  queryNumber,
} from '../call.js';
import {
  AUDIO_KINDS,
  EXPRESSIONS,
  ITEM_KEYS,
  LIMITS,
  SCRIPT_TYPES,
  WORK_KINDS,
} from '../constants.js';
import {
  DEFAULT_GAME_LIST_SORT,
  decodeGameListCursor,
  GAME_LIST_SEARCH_MAX,
  GAME_LIST_SORTS,
  type GameListCursor,
} from '../game-list.js';
import { characterCount, storable } from '../text-fields.js';

const scriptType = z.enum(SCRIPT_TYPES);
const expression = z.enum(EXPRESSIONS);

export const creatorSchema = z.object({
  taleforge_id: z.string(),
  nick_name: z.string(),
  avatar: z.string().nullable(),
});

export const gameCardSchema = z.object({
  id: z.number().int(),
  /** A story game, or a short-drama series (whose chapter_count counts its episodes). */
  kind: z.enum(WORK_KINDS),
  title: z.string(),
  cover: z.string(),
  description: z.string(),
  script_type: scriptType,
  tags: z.array(z.string()),
  languages: z.array(z.string()),
  creator: creatorSchema,
  chapter_count: z.number().int(),
  play_count: z.number().int(),
  like_count: z.number().int(),
  published_at: z.string(),
});
export type GameCard = z.infer<typeof gameCardSchema>;

export const homeSectionSchema = z.object({
  /** recommended | new | a script type */
  key: z.string(),
  script_type: scriptType.nullable(),
  games: z.array(gameCardSchema),
});
export type HomeSection = z.infer<typeof homeSectionSchema>;

export const homeCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/home',
  data: z.object({ sections: z.array(homeSectionSchema) }),
});

export const homePageCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/home/page',
  query: pageQuerySchema.extend({ section: z.string().min(1).max(32) }),
  data: pageOf(gameCardSchema),
});

/** Search text: trimmed, up to GAME_LIST_SEARCH_MAX characters; empty means no search. */
const searchTextSchema = z.string().trim().check(characterCount(0, GAME_LIST_SEARCH_MAX), storable);

/**
 * The browse page's list (docs/decisions/0030): one genre or all, in one of three orders, optionally
 * searched by title and tag in the request's language, a page at a time from an opaque cursor.
 */
/** A cursor a page answer gave; anything else is refused by name. */
const cursorSchema = z
  .string()
  .max(200)
  .transform((text, ctx): GameListCursor => {
    const cursor = decodeGameListCursor(text);
    if (cursor) return cursor;
    ctx.issues.push({ code: 'custom', input: text });
    return z.NEVER;
  });

export const gameListQuerySchema = z
  .object({
    script_type: scriptType.optional(),
    /** Only story games or only series; both when absent. */
    kind: z.enum(WORK_KINDS).optional(),
    sort: z.enum(GAME_LIST_SORTS).default(DEFAULT_GAME_LIST_SORT),
    q: searchTextSchema.transform((text) => text || null).optional(),
    cursor: cursorSchema.optional(),
    page_size: queryNumber(z.number().int().min(1).max(50)).default(20),
  })
  .check((ctx) => {
    // A cursor is only good for the order that made it: another order would skip or repeat games.
    const { cursor, sort } = ctx.value;
    if (cursor && cursor.sort !== sort)
      ctx.issues.push({ code: 'custom', path: ['cursor'], input: ctx.value });
  });

export const gameListCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/list',
  query: gameListQuerySchema,
  data: z.object({
    list: z.array(gameCardSchema),
    /** Hand back as `cursor` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
    /** Games matching the filter and search, on every page. */
    total: z.number().int(),
  }),
});
export type GameListPage = z.infer<typeof gameListCall.data>;

export const userGameSchema = z.object({
  game: gameCardSchema,
  chapter_id: z.number().int().nullable(),
  chapter_title: z.string().nullable(),
  /** Chapters finished out of all chapters. */
  progress_percent: z.number().min(0).max(100),
  last_played_at: z.string(),
});
export type UserGame = z.infer<typeof userGameSchema>;

/** Public for visitors without a session (an empty list); a signed-in player sees their games. */
export const userGamesCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/user/games',
  query: pageQuerySchema,
  data: pageOf(userGameSchema),
});

const itemKey = z.enum(ITEM_KEYS);

export const chapterInfoSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  /** 0 for a free chapter. */
  price_gems: z.number().int(),
  unlocked: z.boolean(),
  completed: z.boolean(),
});
export type ChapterInfo = z.infer<typeof chapterInfoSchema>;

export const npcInfoSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  greeting: z.string(),
  /** One image URL per expression of SPEC §3. */
  portraits: z.record(expression, z.string()),
});
export type NpcInfo = z.infer<typeof npcInfoSchema>;

export const audioInfoSchema = z.object({
  key: z.string(),
  kind: z.enum(AUDIO_KINDS),
  /** Path under the product base, e.g. /taleforge/media/<hash>.mp3: cacheable for good. */
  url: z.string(),
  /** Plays again from the start when it ends (the file is cut to loop without a seam). */
  loop: z.boolean(),
});
export type AudioInfo = z.infer<typeof audioInfoSchema>;

export const resourceInfoCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/resource/info',
  query: z.object({ game_id: queryIdSchema }),
  data: z.object({
    game: gameCardSchema,
    chapters: z.array(chapterInfoSchema),
    npcs: z.array(npcInfoSchema),
    scenes: z.array(z.object({ key: z.string(), url: z.string() })),
    audio: z.array(audioInfoSchema),
    /** Where the player's save is, if they have one. */
    save: z.object({ chapter_id: z.number().int(), seq: z.number().int() }).nullable(),
  }),
});
export type ResourceInfo = z.infer<typeof resourceInfoCall.data>;

const seq = z.number().int().min(0);

/** One step of the main story. `seq` is the save's step counter: a stale or replayed event is refused. */
export const gameEventBodySchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('start'),
    game_id: idSchema,
    /** Absent: resume where the save is, or the first chapter. */
    chapter_id: idSchema.optional(),
    /** Play the chapter from its beginning even when the save is inside it. */
    restart: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('continue'), game_id: idSchema, seq }),
  z.strictObject({
    type: z.literal('choose'),
    game_id: idSchema,
    seq,
    choice_index: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.storyChoicesMax - 1),
  }),
  z.strictObject({
    type: z.literal('use_item'),
    game_id: idSchema,
    seq,
    item_key: z.string().min(1).max(64),
  }),
  z.strictObject({
    type: z.literal('minigame_move'),
    game_id: idSchema,
    seq,
    /** puzzle { slots: [piece id | null] }, dice { action: "roll" }, word { guess } */
    move: z.record(z.string(), z.unknown()),
  }),
  z.strictObject({
    type: z.literal('rewind'),
    game_id: idSchema,
    seq,
    /** Index into `history` of the play state. */
    to_step: z.number().int().min(0),
  }),
]);
export type GameEventBody = z.infer<typeof gameEventBodySchema>;

export const storyLineSchema = z.object({
  text: z.string(),
  /** An NPC key, "player", or null for narration: set only by the line's own `#speaker` tag. */
  speaker: z.string().nullable(),
  /** The speaking character's name; null for narration and for the player. */
  speaker_name: z.string().nullable(),
  /** The character on stage: the speaker, or the one a narrated line shows (`#portrait`). */
  npc_id: z.number().int().nullable(),
  expression: expression.nullable(),
  /** The line's ink tags outside Taleforge's vocabulary, unchanged (`CLASS: x`, `IMAGE: y`). */
  tags: z.array(z.string()).optional(),
});
export type StoryLine = z.infer<typeof storyLineSchema>;

const statsSchema = z.object({
  experience: z.number().int(),
  health: z.number().int(),
  magic: z.number().int(),
  stars: z.number().int(),
});

export const minigameSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('puzzle'),
    key: z.string(),
    prompt: z.string(),
    pieces: z.array(z.object({ id: z.string(), label: z.string() })),
  }),
  z.object({
    kind: z.literal('dice'),
    key: z.string(),
    opponent_name: z.string(),
    opponent_npc_id: z.number().int().nullable(),
    target: z.number().int(),
    player: z.number().int(),
    rival: z.number().int(),
    rolls: z.array(z.object({ player: z.number().int(), rival: z.number().int() })),
  }),
  z.object({
    kind: z.literal('word'),
    key: z.string(),
    clue: z.string(),
    tiles: z.array(z.string()),
    attempts_left: z.number().int(),
    /** The wrong guesses so far, oldest first: the server judged them. */
    misses: z.array(z.string()),
  }),
]);
export type Minigame = z.infer<typeof minigameSchema>;

export const playStateSchema = z.object({
  game_id: z.number().int(),
  chapter_id: z.number().int(),
  chapter_title: z.string(),
  story_version: z.number().int(),
  /**
   * The creator published a newer version of this chapter while the save was part-way through it:
   * the save goes on with its own version; restarting the chapter plays the new one (decision 41).
   */
  chapter_updated: z.boolean(),
  seq: z.number().int(),
  scene: z.string().nullable(),
  /** Lines reached by this step, in order. */
  lines: z.array(storyLineSchema),
  /** The furthest of `lines` the player has seen (index): a reload resumes there. */
  line_seen: z.number().int().min(0),
  choices: z.array(
    z.object({
      index: z.number().int(),
      text: z.string(),
      /** The choice's ink tags outside Taleforge's vocabulary, unchanged. */
      tags: z.array(z.string()).optional(),
    }),
  ),
  stats: statsSchema.extend({ defence: z.number().int() }),
  inventory: z.array(z.object({ key: itemKey, count: z.number().int(), usable: z.boolean() })),
  tasks: z.array(z.object({ key: z.string(), title: z.string(), done: z.boolean() })),
  npcs: z.array(
    z.object({
      npc_id: z.number().int(),
      key: z.string(),
      name: z.string(),
      health: z.number().int(),
      magic: z.number().int(),
      experience: z.number().int(),
    }),
  ),
  minigame: minigameSchema.nullable(),
  /** The mini-game that just ended, shown before the lines that follow it. */
  outcome: z
    .object({
      kind: z.enum(['puzzle', 'dice', 'word']),
      won: z.boolean(),
      rolls: z.array(z.object({ player: z.number().int(), rival: z.number().int() })).optional(),
    })
    .nullable(),
  conversation: z
    .object({
      npc_id: z.number().int(),
      npc_name: z.string(),
      goal: z.string(),
      goal_text: z.string(),
    })
    .nullable(),
  /** Earlier choices of this chapter: rewind takes an index into this list. */
  history: z.array(z.object({ step: z.number().int(), choice: z.string() })),
  chapter_ended: z.boolean(),
  summary: z
    .object({
      stats: statsSchema,
      items: z.array(z.object({ key: itemKey, count: z.number().int() })),
      tasks_done: z.array(z.string()),
    })
    .nullable(),
  next_chapter: chapterInfoSchema.nullable(),
});
export type PlayState = z.infer<typeof playStateSchema>;

export const gameEventCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/event',
  body: gameEventBodySchema,
  data: playStateSchema,
});

/**
 * The player has read up to `line` of the lines on screen at step `seq`: a reload (on any device)
 * resumes there. Sent in the background as lines are read; it never moves the story, so it keeps
 * `seq` and cannot make a step stale. The furthest line wins (requests may arrive out of order).
 */
export const lineSeenCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/event/seen',
  body: z.strictObject({ game_id: idSchema, seq, line: z.number().int().min(0).max(10_000) }),
  data: z.object({ line_seen: z.number().int().min(0) }),
});
