import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per visitor id the risk step has issued. */
export const visitors = pgTable('visitors', {
  id: text('id').primaryKey(),
  /**
   * SHA-256 (base64url) of the secret the browser holds beside the id: what proves a browser is
   * this visitor. Null only for visitors made before secrets existed, until their DF_ID session
   * claims one.
   */
  secretHash: text('secret_hash'),
  /** Keyed hash of the device's stable signals, for risk scoring and rate limits; never a key. */
  deviceHash: text('device_hash'),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  seenCount: integer('seen_count').notNull().default(1),
  lastIp: text('last_ip'),
  userAgent: text('user_agent'),
});
