import { z } from 'zod';
import { defineCall, idSchema } from '../call.js';

/**
 * The operator's pin on the home's featured tale (docs/decisions/0049). Every call is for
 * `users.role = 'admin'`, read at each call; anyone else is answered 6515.
 */

export const featuredPinSchema = z.object({
  game_id: z.number().int(),
  pinned_at: z.string(),
  /**
   * Whether the pin is what the home features now: false once the work is unpublished or taken
   * down, when the rule decides again until the pin is cleared or the work returns.
   */
  in_effect: z.boolean(),
});
export type FeaturedPin = z.infer<typeof featuredPinSchema>;

const pinAnswer = z.object({ pin: featuredPinSchema.nullable() });

export const adminFeaturedCall = defineCall({
  method: 'GET',
  path: '/api/auth/admin/featured',
  data: pinAnswer,
});

/**
 * Only a published story (not a series, which the hero does not start) can be pinned: an unknown
 * work is 6701, one off the player site 6702, a series 6703; a refusal leaves the pin as it was.
 */
export const adminFeaturedPinCall = defineCall({
  method: 'POST',
  path: '/api/auth/admin/featured/pin',
  body: z.strictObject({ game_id: idSchema }),
  data: pinAnswer,
});

/** Clearing when nothing is pinned is not an error: the answer is the same, no pin. */
export const adminFeaturedClearCall = defineCall({
  method: 'POST',
  path: '/api/auth/admin/featured/clear',
  data: pinAnswer,
});
