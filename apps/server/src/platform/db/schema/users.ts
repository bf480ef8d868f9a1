import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** argon2id PHC string; null for accounts that only sign in through a provider or as visitor. */
    passwordHash: text('password_hash'),
    /** Consecutive failed password logins; at the limit password login stops until a reset. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** When the account redeemed an invite code; social accounts must before using the product. */
    inviteBoundAt: timestamp('invite_bound_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_public_id_key').on(t.publicId),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);
