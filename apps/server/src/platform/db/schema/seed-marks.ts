import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What each start-up seed last wrote, by a fingerprint of its inputs: a start whose inputs have not
 * changed skips the seed's work (compiling ink, drawing covers) instead of redoing it to no effect.
 */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
