import { z } from 'zod';
import { defineCall, idSchema, queryIdSchema, queryNumber } from '../call.js';
import { CHAT_ENGINES, EXPRESSIONS, LIMITS } from '../constants.js';
import { cleanText } from '../text-policy.js';

const expression = z.enum(EXPRESSIONS);
const conversationQuery = z.object({ game_id: queryIdSchema, npc_id: queryIdSchema });

const goalSchema = z.object({ key: z.string(), text: z.string() });

/**
 * v1: what the chat panel needs to open — who the character is, how they greet, their face
 * now, the goal the story set (if any), the price of a message and which engine answers.
 */
export const conversationInfoSchema = z.object({
  game_id: z.number().int(),
  npc_id: z.number().int(),
  name: z.string(),
  portrait: z.string(),
  greeting: z.string(),
  expression,
  goal: goalSchema.nullable(),
  price_gems: z.number().int(),
  /** `offline`: the authored persona engine answers; `openai`: a language model does. */
  engine: z.enum(CHAT_ENGINES),
});

export type ConversationInfo = z.output<typeof conversationInfoSchema>;

export const conversationInfoCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/conversation/info',
  query: conversationQuery,
  data: conversationInfoSchema,
});

/**
 * v2: v1 plus what the story state contributes, read from the player's play state: the tasks
 * of the current chapter, the NPC's status, and how far the goal has come (0–100, from the
 * goal steps the player's own words have met; null without a goal).
 */
export const conversationInfoV2Call = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/v2/conversation/info',
  query: conversationQuery,
  data: conversationInfoSchema.extend({
    tasks: z.array(z.object({ key: z.string(), title: z.string(), done: z.boolean() })),
    npc_status: z.object({ health: z.number(), magic: z.number(), experience: z.number() }),
    goal_progress: z.number().int().min(0).max(100).nullable(),
  }),
});

export type ConversationInfoV2 = z.output<typeof conversationInfoV2Call.data>;

export const chatRecordSchema = z.object({
  id: z.string(),
  role: z.enum(['player', 'npc']),
  text: z.string(),
  expression: expression.nullable(),
  /** `streaming` while a reply is being written (a reload shows it so far), `failed` if cut off. */
  state: z.enum(['complete', 'streaming', 'failed']),
  /**
   * Gems this message paid for its reply: 10 on a player's message (or a regenerated reply) a
   * model answered, 0 when the offline engine answered for free (and on the replies of a send).
   */
  charged_gems: z.number().int().min(0),
  created_at: z.string(),
});

export type ChatRecord = z.output<typeof chatRecordSchema>;

/**
 * History, newest page first: without a cursor the latest `limit` records; `next_cursor`
 * fetches the page before. Within a page records run oldest to newest.
 */
export const chatRecordCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/chat/record',
  query: conversationQuery.extend({
    cursor: z.string().max(64).optional(),
    limit: queryNumber(z.number().int().min(1).max(100)).default(30),
  }),
  data: z.object({ records: z.array(chatRecordSchema), next_cursor: z.string().nullable() }),
});

/**
 * Sends a message and streams the reply. The answer is either a JSON envelope (refused before
 * anything was charged or stored: bad input, blocked text, insufficient gems, rate limit) or,
 * with `content-type: text/event-stream`, the events of `CHAT_SEND_EVENTS` in this order:
 * `accepted`, any number of `delta`, then exactly one of `done` or `error`. Resending the same
 * `client_message_id` with the same text never charges twice; with another text it is refused.
 */
export const chatSendCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/chat/send',
  body: z.strictObject({
    game_id: idSchema,
    npc_id: idSchema,
    client_message_id: z.uuid(),
    /**
     * Invisible characters removed here (decision 50); length and content are checked by the
     * server (statuses 5005, 5006, 5001).
     */
    text: z
      .string()
      .max(LIMITS.chatMessageMaxChars * 4)
      .overwrite(cleanText),
  }),
  data: z.null(),
});

const checkedGoal = z.object({
  key: z.string(),
  /** True only when the server has checked the reply's signal against the story. */
  reached: z.boolean(),
  percent: z.number().int().min(0).max(100),
});

/**
 * Writes the latest reply again (another wording), charged like a message: `client_message_id`
 * makes a retry free. Answers like `chatSendCall` (envelope or the same stream of events).
 */
export const chatRegenerateCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/chat/regenerate',
  body: z.strictObject({
    game_id: idSchema,
    npc_id: idSchema,
    client_message_id: z.uuid(),
    reply_id: z.string().regex(/^\d{1,18}$/),
  }),
  data: z.null(),
});

/** Takes the conversation back to `message_id`: every later message leaves history and prompt. */
export const chatRewindCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/chat/rewind',
  body: z.strictObject({
    game_id: idSchema,
    npc_id: idSchema,
    message_id: z.string().regex(/^\d{1,18}$/),
  }),
  data: z.object({ removed: z.number().int() }),
});

export const chatMemorySchema = z.object({
  /** Written by the engine as old turns leave the prompt; the player may correct it. */
  summary: z.string(),
  pinned: z.array(z.string()),
  /** Characters of context the next message will send (persona aside), and the most it can. */
  context_chars: z.number().int(),
  context_budget: z.number().int(),
});

export type ChatMemory = z.output<typeof chatMemorySchema>;

export const chatMemoryCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/chat/memory',
  query: conversationQuery,
  data: chatMemorySchema,
});

export const chatMemoryUpdateCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/chat/memory',
  body: z.strictObject({
    game_id: idSchema,
    npc_id: idSchema,
    summary: z.string().max(LIMITS.chatSummaryMaxChars).overwrite(cleanText),
    pinned: z
      .array(z.string().overwrite(cleanText).min(1).max(LIMITS.chatPinnedFactMaxChars))
      .max(LIMITS.chatPinnedFactsMax),
  }),
  data: chatMemorySchema,
});

export const CHAT_SEND_EVENTS = {
  /** The message is stored and paid for. */
  accepted: z.object({
    message_id: z.string(),
    reply_id: z.string(),
    charged_gems: z.number().int(),
    gem_balance: z.number().int(),
  }),
  /** More of the reply, as plain text: render it as text, never as HTML. */
  delta: z.object({ text: z.string() }),
  done: z.object({
    reply_id: z.string(),
    text: z.string(),
    expression,
    goal: checkedGoal.nullable(),
    /** The goal was reached and the story went on: reload the play state. */
    story_continued: z.boolean(),
  }),
  /** The reply failed or was held back; the browser drops the streamed text. */
  error: z.object({
    status: z.number().int(),
    desc: z.string(),
    refunded_gems: z.number().int(),
    gem_balance: z.number().int().nullable(),
  }),
} as const;

export type ChatSendEventName = keyof typeof CHAT_SEND_EVENTS;
export type ChatSendEvent<N extends ChatSendEventName> = z.output<(typeof CHAT_SEND_EVENTS)[N]>;
