import { z } from 'zod';
import { defineCall, idempotencyKey, idSchema, queryIdSchema } from '../call.js';
import { characterPersonaSchema } from '../character-persona.js';
import { EXPRESSIONS, INK_PATH_PATTERN, SCRIPT_TYPES, STUDIO_LIMITS } from '../constants.js';
import { freeText, nameText, storable } from '../text-fields.js';

/**
 * The creator studio (docs/decisions/0041). A creator's work is a private draft — metadata,
 * characters, chapters and ink files — until they publish it; publishing compiles every chapter
 * and writes a new story version of the player-facing game atomically. Every call needs a signed-in
 * account (a visitor gets 6514 "Login to create"); a work is seen and changed only by its owner
 * (another's id answers 6501, as if it did not exist), and an admin may unpublish any game.
 */

/** Free text (a description, a persona): invisible characters removed (decision 50). */
const text = (max: number) => freeText(0, max);
/** A title or name players see: invisible characters refused (decision 50). */
const name = (max: number) => nameText(0, max);

const localized = (field: z.ZodType<string>) =>
  z.strictObject({
    en_US: field.optional(),
    zh_CN: field.optional(),
    ja_JP: field.optional(),
  });

/** Any subset of the interface languages; the player site falls back as it does for demo works. */
export const partialLocalizedSchema = (max: number) => localized(text(max));
export type PartialLocalized = z.infer<ReturnType<typeof partialLocalizedSchema>>;

/** The same for a title or a name, under the name rule. */
export const partialLocalizedNameSchema = (max: number) => localized(name(max));

const keySchema = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/);

/** A file's path within the work: `/`-separated, no `..`, ending in `.ink`. */
export const inkPathSchema = z.string().max(STUDIO_LIMITS.pathMaxChars).regex(INK_PATH_PATTERN);

const faceSchema = z.strictObject({
  skin: z.string().regex(/^#[0-9a-f]{6}$/i),
  hair: z.string().regex(/^#[0-9a-f]{6}$/i),
  hairStyle: z.enum(['short', 'long', 'bun', 'spiky', 'hood']),
  eyes: z.string().regex(/^#[0-9a-f]{6}$/i),
  accent: z.string().regex(/^#[0-9a-f]{6}$/i),
});

export const studioCharacterSchema = z.strictObject({
  /** What ink tags call the character (`# speaker: key`). */
  key: keySchema,
  name: partialLocalizedNameSchema(40),
  /** Who they are, for the chat engine and the card export. */
  persona: partialLocalizedSchema(1500),
  greeting: partialLocalizedSchema(600),
  face: faceSchema,
  /** Uploaded expression images (media addresses); a missing one is drawn from `face`. */
  expressions: z.partialRecord(z.enum(EXPRESSIONS), z.string()).default({}),
  /** Full chat material when the creator wrote or imported it; null: built from the fields above. */
  chat: characterPersonaSchema.nullable().default(null),
  /**
   * An imported Character Card's own fields (V2/V3 `data`: examples, lorebook, creator…), kept so
   * exporting the character gives them back; absent when the character was made in the studio.
   */
  card: z.record(z.string(), z.unknown()).optional(),
});
export type StudioCharacter = z.infer<typeof studioCharacterSchema>;

export const studioChapterSchema = z.strictObject({
  title: partialLocalizedNameSchema(80),
  /** The ink file this chapter starts from (it may INCLUDE others). */
  file: inkPathSchema,
  /** 0 means free; the first chapter is free by default. */
  price_gems: z.number().int().min(0).max(STUDIO_LIMITS.chapterPriceMax),
});

/** Mini-games as the demo games have them; ink starts one with `# minigame: key`. */
export const studioMinigameSchema = z.strictObject({
  key: keySchema,
  spec: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('puzzle'),
      prompt: partialLocalizedSchema(300),
      pieces: z.array(partialLocalizedSchema(60)).min(2).max(8),
    }),
    z.strictObject({
      kind: z.literal('dice'),
      opponent: keySchema,
      target: z.number().int().min(2).max(12),
    }),
    z.strictObject({
      kind: z.literal('word'),
      clue: partialLocalizedSchema(300),
      answer: partialLocalizedNameSchema(40),
    }),
  ]),
});

export type StudioMinigame = z.infer<typeof studioMinigameSchema>;

/** The editable parts of a work, all optional in an update (absent: unchanged). */
const draftFields = {
  title: partialLocalizedNameSchema(STUDIO_LIMITS.titleMaxChars),
  description: partialLocalizedSchema(STUDIO_LIMITS.descriptionMaxChars),
  script_type: z.enum(SCRIPT_TYPES),
  tags: z.array(nameText(1, 24)).max(STUDIO_LIMITS.tagsMax),
  characters: z.array(studioCharacterSchema).max(STUDIO_LIMITS.charactersMax),
  chapters: z.array(studioChapterSchema).max(STUDIO_LIMITS.chaptersMax),
  tasks: z.array(z.strictObject({ key: keySchema, title: partialLocalizedNameSchema(80) })).max(50),
  minigames: z.array(studioMinigameSchema).max(50),
};

export const STUDIO_WORK_STATES = ['draft', 'published', 'unpublished'] as const;

export const studioWorkSummarySchema = z.object({
  id: z.number().int(),
  title: partialLocalizedNameSchema(STUDIO_LIMITS.titleMaxChars),
  script_type: z.enum(SCRIPT_TYPES),
  cover_url: z.string(),
  state: z.enum(STUDIO_WORK_STATES),
  /** The draft differs from what players have. */
  has_changes: z.boolean(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  /** The player-facing game once published (its page is /drama/{game_id}). */
  game_id: z.number().int().nullable(),
});
export type StudioWorkSummary = z.infer<typeof studioWorkSummarySchema>;

export const studioWorkSchema = studioWorkSummarySchema.extend({
  ...draftFields,
  /** Every ink file of the work, without its text (fetch one with studioFile). */
  files: z.array(z.object({ path: inkPathSchema, size: z.number().int().min(0) })),
  /** Bumped by every change; an update names the revision it was based on. */
  revision: z.number().int().min(0),
});
export type StudioWork = z.infer<typeof studioWorkSchema>;

export const studioDiagnosticSchema = z.object({
  file: z.string(),
  /** 1-based; 0 when the problem has no line (e.g. a missing file). */
  line: z.number().int().min(0),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type StudioDiagnostic = z.infer<typeof studioDiagnosticSchema>;

const workIdBody = z.strictObject({ id: idSchema });

export const studioWorksCall = defineCall({
  method: 'GET',
  path: '/api/auth/studio/works',
  data: z.object({ works: z.array(studioWorkSummarySchema) }),
});

export const studioWorkCall = defineCall({
  method: 'GET',
  path: '/api/auth/studio/work',
  query: z.object({ id: queryIdSchema }),
  data: studioWorkSchema,
});

export const studioWorkCreateCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/create',
  body: z.strictObject({
    title: partialLocalizedNameSchema(STUDIO_LIMITS.titleMaxChars).check((ctx) => {
      // A title in one language at least: a work is found by it in the studio's list.
      if (!Object.values(ctx.value).some(Boolean)) {
        ctx.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: 1,
          inclusive: true,
          input: '',
        });
      }
    }),
    script_type: z.enum(SCRIPT_TYPES),
    /** A repeat with the key answers the work the first created (a double click makes one). */
    idempotency_key: idempotencyKey.optional(),
  }),
  data: studioWorkSchema,
});

export const studioWorkUpdateCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/update',
  body: z
    .strictObject(draftFields)
    .partial()
    .extend({
      id: idSchema,
      /** The revision the change was made on; another revision answers 6511 and changes nothing. */
      revision: z.number().int().min(0),
    }),
  data: studioWorkSchema,
});

export const studioWorkDeleteCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/delete',
  body: workIdBody,
  data: z.object({ deleted: z.literal(true) }),
});

export const studioFileCall = defineCall({
  method: 'GET',
  path: '/api/auth/studio/work/file',
  query: z.object({ id: queryIdSchema, path: inkPathSchema }),
  data: z.object({ path: inkPathSchema, source: z.string() }),
});

/** Creates or replaces one ink file; the whole work's sources stay within 5 MB. */
export const studioFileSaveCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/file/save',
  body: z.strictObject({
    id: idSchema,
    path: inkPathSchema,
    source: z.string().max(STUDIO_LIMITS.sourcesMaxBytes).check(storable),
  }),
  data: z.object({ path: inkPathSchema, size: z.number().int(), revision: z.number().int() }),
});

export const studioFileDeleteCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/file/delete',
  body: z.strictObject({ id: idSchema, path: inkPathSchema }),
  data: z.object({ revision: z.number().int() }),
});

/** Compiles every chapter of the draft as publishing would, without publishing. */
export const studioCompileCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/compile',
  body: workIdBody,
  data: z.object({ ok: z.boolean(), diagnostics: z.array(studioDiagnosticSchema) }),
});

/**
 * Plays the draft's chapter through the server's own story runtime, statelessly: the story is
 * replayed from the start (or from `knot`) through `choices`. Nothing is saved or charged.
 */
export const studioPreviewCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/preview',
  body: z.strictObject({
    id: idSchema,
    /** 1-based chapter position. */
    chapter: z.number().int().min(1),
    /** Start at this knot (or knot.stitch) instead of the top. */
    knot: z.string().max(128).optional(),
    choices: z.array(z.number().int().min(0)).max(STUDIO_LIMITS.previewChoicesMax).default([]),
  }),
  data: z.object({
    lines: z.array(z.object({ text: z.string(), tags: z.array(z.string()) })),
    choices: z.array(z.object({ index: z.number().int(), text: z.string() })),
    ended: z.boolean(),
    /** Every knot (and knot.stitch) of the chapter, for jump-to-knot. */
    knots: z.array(z.string()),
    /** The story's global variables after the last step. */
    variables: z.record(z.string(), z.unknown()),
    /** Where the story is now, e.g. `harbour.night`. */
    path: z.string().nullable(),
  }),
});

export const studioPublishCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/publish',
  body: workIdBody,
  data: studioWorkSummarySchema,
});

export const studioUnpublishCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/unpublish',
  body: workIdBody,
  data: studioWorkSummarySchema,
});

/** An admin takes any published game (a creator's or a demo one) off the player site. */
export const adminUnpublishCall = defineCall({
  method: 'POST',
  path: '/api/auth/admin/game/unpublish',
  body: z.strictObject({ game_id: idSchema }),
  data: z.object({ game_id: z.number().int(), unpublished: z.literal(true) }),
});

/** The image is the body (the server reads the content); the cover becomes this image. */
export const studioCoverUploadCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/cover',
  query: z.object({ id: queryIdSchema }),
  data: studioWorkSummarySchema,
});

export const studioExpressionUploadCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/expression',
  query: z.object({ id: queryIdSchema, character: keySchema, expression: z.enum(EXPRESSIONS) }),
  data: studioWorkSchema,
});

export const STUDIO_IMPORT_KINDS = ['ink', 'ink_zip', 'ink_json', 'twee', 'card'] as const;

/**
 * The file is the body. ink, ink_zip, ink_json and twee add files and chapters to the work; card
 * (Character Card V2/V3 as JSON or a PNG carrying it) adds a character.
 */
export const studioImportCall = defineCall({
  method: 'POST',
  path: '/api/auth/studio/work/import',
  query: z.object({
    id: queryIdSchema,
    kind: z.enum(STUDIO_IMPORT_KINDS),
    /** The uploaded file's name, used to name what it becomes. */
    name: z.string().max(STUDIO_LIMITS.pathMaxChars).check(storable).optional(),
  }),
  data: z.object({
    work: studioWorkSchema,
    /** What could not be converted, per passage or field: never silently dropped. */
    unconverted: z.array(z.object({ where: z.string(), what: z.string() })),
  }),
});

export const STUDIO_ANALYTICS_RANGE = ['7d', '30d', '90d', 'all'] as const;

export const studioAnalyticsCall = defineCall({
  method: 'GET',
  path: '/api/auth/studio/work/analytics',
  query: z.object({ id: queryIdSchema, range: z.enum(STUDIO_ANALYTICS_RANGE).default('30d') }),
  data: z.object({
    from: z.string(),
    to: z.string(),
    gems: z.object({ chapters: z.number().int(), chat: z.number().int() }),
    chapters: z.array(
      z.object({
        position: z.number().int(),
        title: z.string(),
        starts: z.number().int(),
        completions: z.number().int(),
        /** Players whose last step was in this knot (drop-off), most first. */
        drop_off: z.array(z.object({ knot: z.string(), players: z.number().int() })),
        choices: z.array(
          z.object({
            knot: z.string(),
            text: z.string(),
            picks: z.number().int(),
            /** picks ÷ all picks at the same knot, 0–1. */
            share: z.number().min(0).max(1),
          }),
        ),
      }),
    ),
    /** Starts per day over the range, for the chart. */
    daily: z.array(z.object({ day: z.string(), starts: z.number().int() })),
  }),
});

/** Query values of the raw exports (served as files, not envelopes): see docs/decisions/0041. */
export const studioExportQuerySchema = z.object({
  id: queryIdSchema,
  what: z.enum(['sources', 'card_json', 'card_png']),
  character: keySchema.optional(),
});
export const STUDIO_EXPORT_PATH = '/api/auth/studio/work/export';

/** The analytics call's figures as CSV (a file download; same query as studioAnalytics). */
export const STUDIO_ANALYTICS_CSV_PATH = '/api/auth/studio/work/analytics.csv';
