import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per device the risk step has recognised. */
export const visitors = pgTable('visitors', {
  id: text('id').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  seenCount: integer('seen_count').notNull().default(1),
  lastIp: text('last_ip'),
  userAgent: text('user_agent'),
});
