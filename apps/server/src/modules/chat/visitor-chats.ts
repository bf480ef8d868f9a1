import { LIMITS } from '@taleforge/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/client.js';
import {
  type ConversationRow,
  chatMessages,
  conversations,
} from '../../platform/db/schema/index.js';

/**
 * A visitor's conversations follow them to the account they sign in to or register
 * (auth/visitor-merge.ts calls this inside the sign-in transaction, after the wallet: a send or a
 * refund in flight for the visitor holds the visitor's wallet, so it is finished or refused first).
 * A character the account talks to as well keeps one conversation: the account's, holding both
 * histories in the order the messages were written (history runs by message id), with both
 * memories (decision 0013). Every message becomes the account's, so a resend finds its turn and
 * the daily reply cap counts the visitor's replies too.
 */
export async function moveVisitorChats(tx: Tx, from: number, to: number): Promise<void> {
  // Client ids are unique per user: a visitor's message whose id the account used gives it up.
  await tx.execute(sql`
    UPDATE chat_messages v SET client_message_id = NULL
    FROM chat_messages a
    WHERE v.user_id = ${from} AND a.user_id = ${to} AND a.client_message_id = v.client_message_id`);

  const visitor = alias(conversations, 'visitor');
  const pairs = await tx
    .select({ account: conversations, visitor })
    .from(conversations)
    .innerJoin(
      visitor,
      and(eq(visitor.gameId, conversations.gameId), eq(visitor.npcId, conversations.npcId)),
    )
    .where(and(eq(conversations.userId, to), eq(visitor.userId, from)));
  for (const pair of pairs) {
    await tx
      .update(chatMessages)
      .set({ conversationId: pair.account.id })
      .where(eq(chatMessages.conversationId, pair.visitor.id));
    await tx
      .update(conversations)
      .set(mergedConversation(pair.account, pair.visitor))
      .where(eq(conversations.id, pair.account.id));
    await tx.delete(conversations).where(eq(conversations.id, pair.visitor.id));
  }

  await tx.update(conversations).set({ userId: to }).where(eq(conversations.userId, from));
  await tx.update(chatMessages).set({ userId: to }).where(eq(chatMessages.userId, from));
}

/**
 * Both memories in one: the account's summary, then the visitor's (cut at the summary's limit),
 * the account's pinned facts, then the visitor's it lacks (up to the limit). The prompt's history
 * starts after the earlier fold, so a message only one side had folded is never skipped.
 */
export function mergedConversation(account: ConversationRow, visitor: ConversationRow) {
  const summary = [account.summary, visitor.summary].filter((s) => s.trim() !== '').join('\n\n');
  return {
    summary: summary.slice(0, LIMITS.chatSummaryMaxChars),
    pinned: [...new Set([...account.pinned, ...visitor.pinned])].slice(
      0,
      LIMITS.chatPinnedFactsMax,
    ),
    summarizedThrough: Math.min(account.summarizedThrough, visitor.summarizedThrough),
    createdAt: account.createdAt < visitor.createdAt ? account.createdAt : visitor.createdAt,
    updatedAt: account.updatedAt > visitor.updatedAt ? account.updatedAt : visitor.updatedAt,
  };
}
