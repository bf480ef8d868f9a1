import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { chatMessages, conversations } from '../../platform/db/schema/index.js';

const param = (name: string) => sql.placeholder(name);
const timestamp = (name: string) => sql`${param(name)}::timestamptz`;

/** A new turn as the send stores it, once charged. */
export interface NewTurn {
  userId: number;
  gameId: number;
  npcId: number;
  text: string;
  clientMessageId: string;
  /** The spend that paid for a model reply; null for a free (offline) one. */
  ledgerEntryId: number | null;
  chargedGems: number;
  at: Date;
  /** Replies started after this count towards the daily cap. */
  since: Date;
}

export interface StoredTurn {
  conversationId: number;
  messageId: number;
  replyId: number;
  repliesToday: number;
}

/**
 * A new turn's rows in one statement, one round trip inside the charging transaction: the
 * conversation (created, or its `updatedAt` moved), the player's message, the reply it waits for,
 * and `repliesSince` (a count whose `since` parameter this statement takes) as the wallet's lock
 * left it. No row when the message's client id was taken.
 */
export function prepareStoreTurn(db: Db, repliesSince: SQLWrapper) {
  const turnConversation = db.$with('turn_conversation').as(
    db
      .insert(conversations)
      .values({
        userId: param('userId'),
        gameId: param('gameId'),
        npcId: param('npcId'),
        createdAt: timestamp('at'),
        updatedAt: timestamp('at'),
      })
      .onConflictDoUpdate({
        target: [conversations.userId, conversations.gameId, conversations.npcId],
        set: { updatedAt: timestamp('at') },
      })
      .returning({ id: conversations.id }),
  );
  const conversationId = sql`(select ${turnConversation.id} from ${turnConversation})`;
  const turnMessage = db.$with('turn_message').as(
    db
      .insert(chatMessages)
      .values({
        conversationId,
        userId: param('userId'),
        role: 'player',
        text: param('text'),
        state: 'complete',
        clientMessageId: param('clientMessageId'),
        ledgerEntryId: param('ledgerEntryId'),
        chargedGems: param('chargedGems'),
        createdAt: timestamp('at'),
        updatedAt: timestamp('at'),
      })
      .onConflictDoNothing()
      .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId }),
  );
  // Selected from the message's insert so that it runs after it (the reply's id is the larger,
  // and history is in id order) and only when that stored a row. Drizzle's insert-from-select
  // wants every column, identity included, so this one is written out, column by value.
  const reply: [PgColumn, SQL][] = [
    [chatMessages.conversationId, sql`${turnMessage.conversationId}`],
    [chatMessages.userId, sql`${param('userId')}`],
    [chatMessages.role, sql`'npc'`],
    [chatMessages.text, sql`''`],
    [chatMessages.state, sql`'streaming'`],
    [chatMessages.replyTo, sql`${turnMessage.id}`],
    [chatMessages.createdAt, timestamp('at')],
    [chatMessages.updatedAt, timestamp('at')],
  ];
  const names = (columns: PgColumn[]) =>
    sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
  const returned = {
    id: chatMessages.id,
    conversationId: chatMessages.conversationId,
    replyTo: chatMessages.replyTo,
  };
  const turnReply = db.$with('turn_reply', returned).as(
    sql`insert into ${chatMessages} (${names(reply.map(([c]) => c))})
    select ${sql.join(
      reply.map(([, value]) => value),
      sql`, `,
    )} from ${turnMessage}
    returning ${names(Object.values(returned))}`,
  );
  return db
    .with(turnConversation, turnMessage, turnReply)
    .select({
      conversationId: turnReply.conversationId,
      messageId: sql<number>`${turnReply.replyTo}`.mapWith(Number),
      replyId: turnReply.id,
      // The statement's snapshot is taken after the charge locked the wallet, so it counts the
      // player's concurrent sends that committed first; it does not see this turn's own reply.
      repliesToday: sql<number>`(${repliesSince})`.mapWith(Number),
    })
    .from(turnReply)
    .prepare('chat_store_turn');
}
