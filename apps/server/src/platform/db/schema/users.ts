import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Public id shown to browsers as taleforge_id / uid; internal ids never leave the server. */
    publicId: text('public_id').notNull(),
    email: text('email'),
    nickName: text('nick_name'),
    avatar: text('avatar'),
    oauthEnum: text('oauth_enum').notNull(),
    role: text('role').notNull().default('user'),
    registerDfId: text('register_df_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_public_id_key').on(t.publicId),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);
