import { z } from 'zod';
import { EXPRESSIONS } from './constants.js';

/**
 * The authored material of one story character (an NPC), as a creator writes it and the story
 * content carries it. Both engines read it: the offline engine answers from its lines, the model
 * engine builds its prompt from its identity and voice. Documented in docs/character-persona.md.
 */

const key = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'lowercase letters, digits, _ and -');

/** Text in every interface language; a missing language falls back to English. */
const localized = (max: number) =>
  z.strictObject({
    en_US: z.string().trim().min(1).max(max),
    zh_CN: z.string().trim().min(1).max(max).optional(),
    ja_JP: z.string().trim().min(1).max(max).optional(),
  });

/** Words or phrases a player might use, per language; any of them, in any language, matches. */
const keywords = z
  .strictObject({
    en_US: z.array(z.string().trim().min(1).max(60)).max(40).optional(),
    zh_CN: z.array(z.string().trim().min(1).max(60)).max(40).optional(),
    ja_JP: z.array(z.string().trim().min(1).max(60)).max(40).optional(),
  })
  .refine((k) => Object.values(k).some((words) => words && words.length > 0), {
    message: 'at least one keyword',
  });

/** What the offline engine recognises in a player's message without the creator listing words. */
export const INTENTS = [
  'greet',
  'farewell',
  'thanks',
  'who_are_you',
  'help',
  'agree',
  'refuse',
  'insult',
  'flirt',
  'question',
] as const;
export type Intent = (typeof INTENTS)[number];

const expression = z.enum(EXPRESSIONS);

/** One thing the character says: several wordings, so it does not repeat itself, and a face. */
const lineSchema = z.strictObject({
  say: z.array(localized(600)).min(1).max(8),
  expression: expression.default('normal'),
});

/** A line said when the player's message matches an intent or keywords. */
const cueSchema = lineSchema.extend({
  intent: z.enum(INTENTS).optional(),
  keywords: keywords.optional(),
});

/**
 * A conversation goal the story can set (by key). It is reached when the player has said
 * something matching every step, in any order, over the conversation; the model engine may only
 * propose reaching it, and the server accepts that only when the steps agree.
 */
const goalSchema = z.strictObject({
  key,
  /** What the player is trying to achieve, told to the model and shown to the player. */
  description: localized(300),
  steps: z
    .array(z.strictObject({ keywords, reply: lineSchema.optional() }))
    .min(1)
    .max(6),
  /** Said when the last step is reached. */
  reached: lineSchema,
  /** Nudges said instead of the fallback while the goal is open. */
  hints: z.array(lineSchema).max(8).default([]),
});

export const characterPersonaSchema = z
  .strictObject({
    key,
    name: localized(40),
    /** Who the character is: background, personality, what they want. Model prompt only. */
    identity: localized(1500),
    /** How they speak: register, tics, length. Model prompt only. */
    voice: localized(500),
    /** Things the character knows and may tell; the model may use them, never invent past them. */
    facts: z.array(localized(300)).max(30).default([]),
    greeting: lineSchema,
    cues: z.array(cueSchema).max(200).default([]),
    /** Said when nothing else matches: it should still sound like the character. */
    fallback: z.array(lineSchema).min(1).max(20),
    /**
     * Said by the offline engine to a question nothing it knows answers: plainly, in the
     * character's voice, that they do not know. Unset, a plain line of the engine's own.
     */
    unknown: z.array(lineSchema).max(20).default([]),
    goals: z.array(goalSchema).max(20).default([]),
  })
  .superRefine((persona, ctx) => {
    const seen = new Set<string>();
    persona.goals.forEach((goal, i) => {
      if (seen.has(goal.key)) {
        ctx.addIssue({ code: 'custom', path: ['goals', i, 'key'], message: 'duplicate goal key' });
      }
      seen.add(goal.key);
    });
    persona.cues.forEach((cue, i) => {
      if (!cue.intent && !cue.keywords) {
        ctx.addIssue({ code: 'custom', path: ['cues', i], message: 'needs intent or keywords' });
      }
    });
  });

export type CharacterPersona = z.output<typeof characterPersonaSchema>;
export type CharacterPersonaInput = z.input<typeof characterPersonaSchema>;
export type PersonaLine = z.output<typeof lineSchema>;
export type PersonaGoal = z.output<typeof goalSchema>;
export type LocalizedKeywords = z.output<typeof keywords>;
export type LocalizedLine = z.output<ReturnType<typeof localized>>;

/** Parses authored material; throws a ZodError naming the field that is wrong. */
export function parsePersona(input: unknown): CharacterPersona {
  return characterPersonaSchema.parse(input);
}
