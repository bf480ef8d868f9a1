import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What a player says about themselves and which of their lists others may see. Absent until the
 * player first changes one: the defaults (no bio, every list shown) need no row.
 */
export const profiles = pgTable('profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  hideWorks: boolean('hide_works').notNull().default(false),
  hidePlayed: boolean('hide_played').notNull().default(false),
  hideLiked: boolean('hide_liked').notNull().default(false),
  /**
   * The uploaded avatar at 128 px (also in `users.avatar`, which the header and cards show) and
   * at 512 px for the profile page. The large one stands only while `users.avatar` is still the
   * small one: a later change of the account's picture elsewhere wins.
   */
  avatarSmall: text('avatar_small'),
  avatarLarge: text('avatar_large'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
