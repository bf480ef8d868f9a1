import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail written here instead of sent when no SMTP server is configured (local runs). */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_mails_to_idx').on(t.to)],
);
