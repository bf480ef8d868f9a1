import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every failed password login, known account or not: an audit trail for abuse reviews. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt)],
);
