import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const pageViews = pgTable(
  'page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dfId: text('df_id'),
    userId: bigint('user_id', { mode: 'number' }),
    path: text('path').notNull(),
    title: text('title').notNull(),
    referrer: text('referrer'),
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);
