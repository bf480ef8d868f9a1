import { z } from 'zod';
import { defineCall, idSchema } from '../call.js';
import { COMMENT_REPORT_REASONS } from '../constants.js';
import { creatorSchema } from './games.js';

/**
 * The moderators' queue (docs/decisions/0046): reported comments and the assistant's support
 * reports. Every call is for `users.role = 'admin'`; anyone else is answered 6601.
 */

/** Opaque, passed back as it came; the social lists' cursor rules (decision 36). */
const cursorQuery = z.object({
  cursor: z
    .string()
    .min(1)
    .max(96)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .optional(),
});

export const reportedCommentSchema = z.object({
  comment_id: z.number().int(),
  /** The top comment a reply sits under; null for a top comment. */
  parent_id: z.number().int().nullable(),
  body: z.string(),
  author: creatorSchema,
  game: z.object({ id: z.number().int(), title: z.string() }),
  comment_created_at: z.string(),
  /** Open reports only: a dismissal closes them, a later report opens the item again. */
  report_count: z.number().int().min(1),
  reasons: z.array(z.object({ reason: z.enum(COMMENT_REPORT_REASONS), count: z.number().int() })),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});
export type ReportedComment = z.infer<typeof reportedCommentSchema>;

/** Most reported first, then the longest waiting. */
export const moderationCommentsCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/admin/reports/comments',
  query: cursorQuery,
  data: z.object({ list: z.array(reportedCommentSchema), next_cursor: z.string().nullable() }),
});

export const MODERATION_ACTIONS = ['remove', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * `remove` soft-deletes the comment as its work's creator would (the author is not told);
 * `dismiss` closes its reports and keeps it. A second moderator on the same item gets 6602.
 */
export const moderationCommentResolveCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/admin/reports/comment/resolve',
  body: z.strictObject({ comment_id: idSchema, action: z.enum(MODERATION_ACTIONS) }),
  data: z.object({
    comment_id: z.number().int(),
    outcome: z.enum(['removed', 'dismissed']),
    /** How many open reports this closed. */
    closed_reports: z.number().int().min(1),
  }),
});

export const supportReportSchema = z.object({
  id: z.number().int(),
  player: creatorSchema,
  description: z.string(),
  /** The assistant messages the player agreed to include, or null. */
  conversation: z
    .array(z.object({ role: z.string(), text: z.string(), at: z.string() }))
    .nullable(),
  locale: z.string(),
  created_at: z.string(),
});
export type SupportReport = z.infer<typeof supportReportSchema>;

/** Open support reports, oldest first. */
export const moderationSupportCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/admin/reports/support',
  query: cursorQuery,
  data: z.object({ list: z.array(supportReportSchema), next_cursor: z.string().nullable() }),
});

export const moderationSupportHandleCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/admin/reports/support/handle',
  body: z.strictObject({ report_id: idSchema }),
  data: z.object({ report_id: z.number().int(), handled: z.literal(true) }),
});
