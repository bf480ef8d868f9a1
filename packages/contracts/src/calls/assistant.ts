import { z } from 'zod';
import { defineCall, idSchema, queryIdSchema } from '../call.js';
import {
  ASSISTANT_AVATARS,
  ASSISTANT_LIMITS,
  ASSISTANT_SOURCES,
  SPEECH_ENGINES,
} from '../constants.js';
import { cleanText } from '../text-policy.js';
import { gameCardSchema } from './games.js';

/**
 * The site-wide assistant (issue 23, decision 39). Every call needs a token; a visitor's works,
 * so the conversation and the avatar are kept per account or visitor. The assistant only reads
 * through the services the pages use and proposes actions the browser carries out; it never
 * spends gems or changes a save.
 */

/**
 * What the browser may do for the player after a reply. `open` goes to a path of this site (the
 * server only builds paths of its own routes); `auto` means the player asked to go there, so the
 * browser navigates at once instead of showing a button.
 */
export const assistantActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), path: z.string(), label: z.string(), auto: z.boolean() }),
  /** Open the top-up dialog; nothing is bought until the player pays there. */
  z.object({ kind: z.literal('topup') }),
  /** Ask the player's consent to send this description to support (`assistantReportCall`). */
  z.object({ kind: z.literal('report'), draft: z.string() }),
]);
export type AssistantAction = z.infer<typeof assistantActionSchema>;

export const assistantMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['player', 'assistant']),
  text: z.string(),
  /** How a player message was given; null on the assistant's. */
  source: z.enum(ASSISTANT_SOURCES).nullable(),
  /** Works the reply is about, shown as cards (current titles in the request's language). */
  works: z.array(gameCardSchema),
  actions: z.array(assistantActionSchema),
  created_at: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantCapSchema = z.object({
  /** Player messages allowed per UTC day. */
  limit: z.number().int().min(0),
  used: z.number().int().min(0),
  /** When `used` goes back to 0 (ISO time, the next UTC midnight). */
  resets_at: z.string(),
});
export type AssistantCap = z.infer<typeof assistantCapSchema>;

export const assistantSettingsSchema = z.object({
  avatar: z.enum(ASSISTANT_AVATARS),
  /** Replies are not read aloud. */
  muted: z.boolean(),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

/** Everything the panel needs when it opens: settings, the latest messages, the cap, voice. */
export const assistantStateCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/assistant/state',
  data: assistantSettingsSchema.extend({
    /** The latest messages, oldest first. */
    messages: z.array(assistantMessageSchema),
    /** Older messages exist (`assistantHistoryCall`). */
    has_more: z.boolean(),
    cap: assistantCapSchema,
    /**
     * `server`: record and send audio to `assistantTranscribeCall` / ask `assistantSpeechCall`.
     * `browser`: use the browser's speech recognition / synthesis where it exists.
     */
    voice: z.object({
      transcription: z.enum(SPEECH_ENGINES),
      speech: z.enum(SPEECH_ENGINES),
    }),
  }),
});
export type AssistantState = z.infer<typeof assistantStateCall.data>;

/** Older messages, page by page, newest page first; each page is oldest first. */
export const assistantHistoryCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/assistant/history',
  query: z.object({ before_id: queryIdSchema }),
  data: z.object({ messages: z.array(assistantMessageSchema), has_more: z.boolean() }),
});

export const assistantSettingsCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/assistant/settings',
  body: z.strictObject({
    avatar: z.enum(ASSISTANT_AVATARS).optional(),
    muted: z.boolean().optional(),
  }),
  data: assistantSettingsSchema,
});

/**
 * One turn: the player's message and the assistant's reply, both stored. Resending the same
 * `client_message_id` with the same text answers the stored turn again and counts once against
 * the cap; with another text it is refused (6405). Over the cap → 6401, its `desc` says when the
 * cap resets.
 */
export const assistantSendCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/assistant/send',
  body: z.strictObject({
    client_message_id: z.uuid(),
    /** Invisible characters removed here (decision 50); length is checked by the server (6402, 6403). */
    text: z
      .string()
      .max(ASSISTANT_LIMITS.messageMaxChars * 4)
      .overwrite(cleanText),
    source: z.enum(ASSISTANT_SOURCES),
    /** The page the player is on (a path of this site), so "continue" and "this one" make sense. */
    page: z.string().max(200).optional(),
  }),
  data: z.object({
    message: assistantMessageSchema,
    reply: assistantMessageSchema,
    cap: assistantCapSchema,
  }),
});

/**
 * A recording's bytes are the body (any Content-Type: the server reads the content, not the
 * label). Answers the transcript; the audio is not kept. Not audio → 6407, over 60 s → 6408,
 * silence → 6409, no speech service → 6410, service down or slow → 6411.
 */
export const assistantTranscribeCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/assistant/transcribe',
  data: z.object({ text: z.string() }),
});

/** An assistant reply read aloud in the voice of the player's avatar (6412 when unavailable). */
export const assistantSpeechCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/assistant/speech',
  body: z.strictObject({ message_id: idSchema }),
  data: z.object({
    /** The audio's media type, e.g. `audio/mpeg`. */
    mime: z.string(),
    /** The audio, base64. */
    audio: z.string(),
  }),
});

/**
 * The player agreed to send a problem to support. With `include_conversation`, the latest
 * assistant messages are stored beside it; nothing else of the player's is.
 */
export const assistantReportCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/assistant/report',
  body: z.strictObject({
    client_report_id: z.uuid(),
    /** Invisible characters removed here (decision 50); length is checked by the server (6413). */
    description: z
      .string()
      .max(ASSISTANT_LIMITS.reportMaxChars * 4)
      .overwrite(cleanText),
    include_conversation: z.boolean(),
  }),
  data: z.object({ report_id: z.number().int() }),
});
