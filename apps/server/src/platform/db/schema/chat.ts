import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { games } from './games.js';
import { npcs } from './stories.js';
import { users } from './users.js';

/** One player's conversation with one character of one game. */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    npcId: bigint('npc_id', { mode: 'number' })
      .notNull()
      .references(() => npcs.id, { onDelete: 'cascade' }),
    /** Automatic running summary of turns that no longer fit the prompt (the player may edit it). */
    summary: text('summary').notNull().default(''),
    /** Facts the player pinned, said to the character with every message. */
    pinned: jsonb('pinned').$type<string[]>().notNull().default([]),
    /** Messages folded into `summary` so far: history before this id is summarized. */
    summarizedThrough: bigint('summarized_through', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('conversations_user_game_npc').on(t.userId, t.gameId, t.npcId)],
);

/**
 * A player's message or a character's reply. A player message carries the client's id (unique
 * per user, so a resend finds it) and the ledger entry that paid for it; a reply is written as
 * it streams (`streaming`), then `complete` or `failed` (refunded, kept out of the prompt).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'player' | 'npc'>().notNull(),
    text: text('text').notNull(),
    expression: text('expression'),
    state: text('state').$type<'streaming' | 'complete' | 'failed'>().notNull(),
    clientMessageId: text('client_message_id'),
    /** For a reply: the player message it answers. */
    replyTo: bigint('reply_to', { mode: 'number' }),
    /** The wallet entry that paid for this turn (a player message or a regenerated reply). */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
    /** Gems spent on the model for this turn, for the operator's daily cap. */
    chargedGems: integer('charged_gems').notNull().default(0),
    /** Hidden by a rewind: kept for the ledger's sake, never shown or sent to the model again. */
    rewound: integer('rewound').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_messages_user_client_id').on(t.userId, t.clientMessageId),
    index('chat_messages_conversation_id').on(t.conversationId, t.id),
    index('chat_messages_user_created').on(t.userId, t.createdAt),
    check('chat_messages_role', sql`${t.role} in ('player', 'npc')`),
    check('chat_messages_state', sql`${t.state} in ('streaming', 'complete', 'failed')`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
