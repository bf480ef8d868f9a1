import { z } from 'zod';
import { defineCall, idSchema, pageOf, pageQuerySchema } from '../call.js';
import { EXPRESSIONS, SCRIPT_TYPES } from '../constants.js';

const scriptType = z.enum(SCRIPT_TYPES);
const expression = z.enum(EXPRESSIONS);

export const creatorSchema = z.object({
  taleforge_id: z.string(),
  nick_name: z.string(),
  avatar: z.string().nullable(),
});

export const gameCardSchema = z.object({
  id: z.number().int(),
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

export const gameListCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/list',
  query: pageQuerySchema.extend({ script_type: scriptType.optional() }),
  data: pageOf(gameCardSchema),
});

export const userGameSchema = z.object({
  game: gameCardSchema,
  chapter_id: z.number().int().nullable(),
  chapter_title: z.string().nullable(),
  progress_percent: z.number().min(0).max(100),
  last_played_at: z.string(),
});

export const userGamesCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/user/games',
  query: pageQuerySchema,
  data: pageOf(userGameSchema),
});

export const resourceSchema = z.object({
  kind: z.enum(['portrait', 'background', 'audio', 'cover']),
  key: z.string(),
  url: z.string(),
  npc_id: z.number().int().nullable(),
  expression: expression.nullable(),
});

export const resourceInfoCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/resource/info',
  query: z.object({ game_id: idSchema }),
  data: z.object({ game_id: z.number().int(), resources: z.array(resourceSchema) }),
});

/** One step of the main story. `seq` is the save's step counter: a stale or replayed event is refused. */
export const gameEventBodySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('start'), game_id: idSchema, chapter_id: idSchema.optional() }),
  z.strictObject({ type: z.literal('continue'), game_id: idSchema, seq: z.number().int().min(0) }),
  z.strictObject({
    type: z.literal('choose'),
    game_id: idSchema,
    seq: z.number().int().min(0),
    choice_index: z.number().int().min(0).max(31),
  }),
  z.strictObject({
    type: z.literal('use_item'),
    game_id: idSchema,
    seq: z.number().int().min(0),
    item_key: z.string().min(1).max(64),
  }),
  z.strictObject({
    type: z.literal('minigame_move'),
    game_id: idSchema,
    seq: z.number().int().min(0),
    move: z.record(z.string(), z.unknown()),
  }),
  z.strictObject({
    type: z.literal('rewind'),
    game_id: idSchema,
    seq: z.number().int().min(0),
    to_step: z.number().int().min(0),
  }),
]);
export type GameEventBody = z.infer<typeof gameEventBodySchema>;

export const storyLineSchema = z.object({
  text: z.string(),
  speaker: z.string().nullable(),
  npc_id: z.number().int().nullable(),
  expression: expression.nullable(),
});

export const playStateSchema = z.object({
  game_id: z.number().int(),
  chapter_id: z.number().int(),
  seq: z.number().int(),
  lines: z.array(storyLineSchema),
  choices: z.array(z.object({ index: z.number().int(), text: z.string() })),
  stats: z.object({
    experience: z.number().int(),
    health: z.number().int(),
    magic: z.number().int(),
    stars: z.number().int(),
  }),
  inventory: z.array(z.object({ key: z.string(), count: z.number().int() })),
  tasks: z.array(z.object({ key: z.string(), title: z.string(), done: z.boolean() })),
  minigame: z.record(z.string(), z.unknown()).nullable(),
  chapter_ended: z.boolean(),
});
export type PlayState = z.infer<typeof playStateSchema>;

export const gameEventCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/event',
  body: gameEventBodySchema,
  data: playStateSchema,
});
