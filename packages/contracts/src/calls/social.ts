import { z } from 'zod';
import { defineCall, idSchema, queryIdSchema } from '../call.js';
import {
  COMMENT_ORDERS,
  COMMENT_REPORT_REASONS,
  NOTIFICATION_KINDS,
  SOCIAL_LIMITS,
} from '../constants.js';
import { freeText, storable } from '../text-fields.js';
import { creatorSchema } from './games.js';

/**
 * The social layer (docs/decisions/0036): follows, blocks, likes, comments, notifications.
 * Reads are public (a visitor may look; the answer says what the viewer has done when a token
 * comes along); every change needs a registered account, a visitor's is answered 6102.
 */

const publicId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .check(storable);

/**
 * A page's position: opaque to the browser, passed back as it came. Anything else (edited,
 * truncated, from another list or order) is refused with 1001, never read as "the start".
 */
const cursorSchema = z
  .string()
  .min(1)
  .max(96)
  .regex(/^[A-Za-z0-9_.:-]+$/);

const cursorPage = z.object({
  cursor: cursorSchema.optional(),
});

const cursorPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    /** Where the next page starts, or null at the end. */
    next_cursor: z.string().nullable(),
  });

/** A person in a list: who they are and whether the viewer follows them. */
export const userCardSchema = creatorSchema.extend({
  /** The viewer follows this person (false for a visitor or oneself). */
  is_following: z.boolean(),
});
export type UserCard = z.infer<typeof userCardSchema>;

/** What the viewer's relation to a profile is; all false for a visitor and for oneself. */
export const relationSchema = z.object({
  is_following: z.boolean(),
  /** They follow the viewer. */
  follows_you: z.boolean(),
  /** The viewer blocked them. */
  is_blocked: z.boolean(),
  /**
   * They blocked the viewer, who cannot follow them, comment on their works or reply to them
   * (each answers 6203 anyway, so saying it before the viewer tries tells them nothing more).
   */
  blocks_you: z.boolean(),
});
export type Relation = z.infer<typeof relationSchema>;

export const relationCall = defineCall({
  method: 'GET',
  path: '/api/h5/user/relation',
  query: z.object({ taleforge_id: publicId }),
  data: relationSchema,
});

export const followCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/follow',
  /** The state wanted, not a toggle: a retried request cannot undo itself. */
  body: z.strictObject({ taleforge_id: publicId, follow: z.boolean() }),
  data: z.object({ is_following: z.boolean(), follower_count: z.number().int().min(0) }),
});

export const followListCall = defineCall({
  method: 'GET',
  path: '/api/h5/user/follows',
  query: cursorPage.extend({
    taleforge_id: publicId,
    /** followers: who follows them; following: whom they follow. */
    list: z.enum(['followers', 'following']),
  }),
  data: cursorPageOf(userCardSchema),
});

export const blockCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/block',
  body: z.strictObject({ taleforge_id: publicId, block: z.boolean() }),
  data: relationSchema,
});

/** A work's counts and what the viewer has done with it. */
export const workSocialSchema = z.object({
  game_id: z.number().int(),
  like_count: z.number().int().min(0),
  comment_count: z.number().int().min(0),
  liked: z.boolean(),
});
export type WorkSocial = z.infer<typeof workSocialSchema>;

export const workSocialCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/social',
  query: z.object({ game_id: queryIdSchema }),
  data: workSocialSchema,
});

export const workLikeCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/like',
  body: z.strictObject({ game_id: idSchema, like: z.boolean() }),
  data: workSocialSchema,
});

/** Invisible characters removed; one made only of them is empty (decision 50). */
export const commentBodySchema = freeText(1, SOCIAL_LIMITS.commentMaxChars);

export const commentSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  /** The top-level comment this replies to; null for a top-level comment. */
  parent_id: z.number().int().nullable(),
  author: creatorSchema,
  /** Who a reply answers, when it answers a reply rather than the top comment. */
  reply_to: creatorSchema.nullable(),
  body: z.string(),
  created_at: z.string(),
  like_count: z.number().int().min(0),
  reply_count: z.number().int().min(0),
  liked: z.boolean(),
  /** The viewer wrote it, or created the work it is on: they may delete it. */
  can_delete: z.boolean(),
  /** The author created the work. */
  by_creator: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/comments',
  query: cursorPage.extend({
    game_id: queryIdSchema,
    order: z.enum(COMMENT_ORDERS).default('new'),
  }),
  data: cursorPageOf(commentSchema).extend({ comment_count: z.number().int().min(0) }),
});

export const commentRepliesCall = defineCall({
  method: 'GET',
  path: '/api/h5/game/comment/replies',
  /** Replies read oldest first, as a conversation. */
  query: cursorPage.extend({ comment_id: queryIdSchema }),
  data: cursorPageOf(commentSchema),
});

export const commentPostCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/comment',
  body: z.strictObject({
    game_id: idSchema,
    body: commentBodySchema,
    /** A comment or reply to answer: replies stay one level under the top comment. */
    reply_to_id: idSchema.optional(),
  }),
  data: commentSchema,
});

export const commentDeleteCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/comment/delete',
  body: z.strictObject({ comment_id: idSchema }),
  data: z.object({ comment_count: z.number().int().min(0) }),
});

export const commentLikeCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/comment/like',
  body: z.strictObject({ comment_id: idSchema, like: z.boolean() }),
  data: z.object({ liked: z.boolean(), like_count: z.number().int().min(0) }),
});

export const commentReportCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/comment/report',
  body: z.strictObject({ comment_id: idSchema, reason: z.enum(COMMENT_REPORT_REASONS) }),
  data: z.object({ reported: z.literal(true) }),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: creatorSchema,
  /** The work a like or reply is on; null for a follow. */
  game: z.object({ id: z.number().int(), title: z.string(), cover: z.string() }).nullable(),
  /** The reply's first words; null for a like or follow. */
  excerpt: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/notifications',
  query: cursorPage,
  data: cursorPageOf(notificationSchema).extend({ unread: z.number().int().min(0) }),
});

export const notificationUnreadCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/notifications/unread',
  data: z.object({ unread: z.number().int().min(0) }),
});

export const notificationReadCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/notifications/read',
  /** Marks every notification up to and including this one read (the list's newest shown). */
  body: z.strictObject({ up_to_id: idSchema }),
  data: z.object({ unread: z.number().int().min(0) }),
});
