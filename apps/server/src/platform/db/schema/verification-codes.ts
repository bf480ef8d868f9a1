import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The latest code mailed to an address (lower-cased). One row per address makes "one mail per
 * 60 s" a single conditional upsert, safe under any number of simultaneous requests.
 */
export const verificationCodes = pgTable('verification_codes', {
  email: text('email').primaryKey(),
  useType: text('use_type').notNull(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** Set when the code is used or burnt by too many wrong tries: it never works again. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
});
