import { z } from 'zod';
import { defineCall, pageOf, pageQuerySchema, queryNumber } from '../call.js';
import { PROFILE_LIMITS, PROFILE_LISTS, PROFILE_TAB_KEYS } from '../constants.js';
import { freeText, profileNicknameSchema, storable } from '../text-fields.js';
import { userInfoSchema } from './auth.js';
import { gameCardSchema } from './games.js';

/** A player's public id as the browser holds it (taleforge_id / uid); never an internal id. */
const publicId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .check(storable);

export const profileSchema = z.object({
  taleforge_id: z.string(),
  nick_name: z.string().nullable(),
  /** A path under the product base (an uploaded avatar) or a provider's picture URL. */
  avatar: z.string().nullable(),
  bio: z.string(),
  /** Follows do not exist yet (the social module): 0 until they do. */
  follower_count: z.number().int().min(0),
  following_count: z.number().int().min(0),
  /** Likes the player's published works have received. */
  like_count: z.number().int().min(0),
  /** A visitor account (no sign-in): it has no works, and it cannot edit a profile. */
  is_visitor: z.boolean(),
  /** Which lists the owner hides from others; the owner still sees them. */
  hidden: z.object({ works: z.boolean(), played: z.boolean(), liked: z.boolean() }),
});
export type Profile = z.infer<typeof profileSchema>;

/** Public: anyone, a visitor too, may look at a profile (SPEC §6 needs login only for changes). */
export const profileCall = defineCall({
  method: 'GET',
  path: '/api/h5/user/profile',
  query: z.object({ taleforge_id: publicId }),
  data: profileSchema,
});

export const profileWorksCall = defineCall({
  method: 'GET',
  path: '/api/h5/user/profile/works',
  query: pageQuerySchema.extend({
    taleforge_id: publicId,
    list: z.enum(PROFILE_LISTS),
    tab: z.enum(PROFILE_TAB_KEYS).default('all'),
  }),
  data: pageOf(gameCardSchema).extend({
    /** The owner hides this list: others get an empty page. */
    hidden: z.boolean(),
  }),
});

export const nicknameUpdateCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/nickname',
  body: z.strictObject({ nick_name: profileNicknameSchema }),
  data: userInfoSchema,
});

export const profileUpdateCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/profile',
  body: z.strictObject({
    bio: freeText(0, PROFILE_LIMITS.bioMaxChars).optional(),
    hide_works: z.boolean().optional(),
    hide_played: z.boolean().optional(),
    hide_liked: z.boolean().optional(),
  }),
  data: profileSchema,
});

const cropSide = queryNumber(z.number().int().min(0).max(1_000_000));

/**
 * The image's bytes are the body (any Content-Type: the server reads the content, not the label);
 * the crop rectangle, in pixels of the image as it is displayed upright, is the query.
 */
export const avatarUploadCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/avatar',
  query: z.object({ x: cropSide, y: cropSide, width: cropSide, height: cropSide }),
  data: userInfoSchema,
});
