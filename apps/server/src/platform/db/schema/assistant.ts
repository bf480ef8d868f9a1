import type { AssistantAction } from '@taleforge/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A player's assistant settings (owned by the assistant module); no row means the defaults. */
export const assistantSettings = pgTable(
  'assistant_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    avatar: text('avatar').notNull().default('female'),
    muted: boolean('muted').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('assistant_settings_avatar', sql`${t.avatar} in ('female', 'male')`)],
);

/**
 * One message of a player's assistant conversation. A player message carries the browser's
 * `client_message_id` (a resend finds the stored turn); its reply points back at it.
 */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    /** `text` or `voice` on a player message, null on a reply. */
    source: text('source'),
    clientMessageId: uuid('client_message_id'),
    /** On a reply: the player message it answers. */
    replyTo: bigint('reply_to', { mode: 'number' }),
    /** Works the reply shows as cards; cards are built when read, in the reader's language. */
    workIds: jsonb('work_ids').$type<number[]>().notNull().default([]),
    actions: jsonb('actions').$type<AssistantAction[]>().notNull().default([]),
    /** The tools a reply called, for support and tests; never sent to the browser. */
    tools: jsonb('tools').$type<{ name: string; args: unknown }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_messages_user_idx').on(t.userId, t.id),
    index('assistant_messages_user_day_idx').on(t.userId, t.role, t.createdAt),
    uniqueIndex('assistant_messages_client_id').on(t.userId, t.clientMessageId),
    check('assistant_messages_role', sql`${t.role} in ('player', 'assistant')`),
    check(
      'assistant_messages_source',
      sql`${t.source} is null or ${t.source} in ('text', 'voice')`,
    ),
  ],
);

/** A problem a player agreed to send to support from the assistant. */
export const supportReports = pgTable(
  'support_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientReportId: uuid('client_report_id').notNull(),
    description: text('description').notNull(),
    /** The latest assistant messages, only when the player agreed to include them. */
    conversation: jsonb('conversation').$type<{ role: string; text: string; at: string }[]>(),
    locale: text('locale').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When and by which admin a `closed` report was handled (decision 46). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('support_reports_client_id').on(t.userId, t.clientReportId),
    index('support_reports_status_idx').on(t.status, t.createdAt),
    check('support_reports_status', sql`${t.status} in ('open', 'closed')`),
  ],
);
