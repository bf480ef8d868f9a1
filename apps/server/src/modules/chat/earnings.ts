import { and, eq, gte, isNull, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { chatMessages, conversations } from '../../platform/db/schema/index.js';

/**
 * Gems players spent chatting with one game's characters since `since` (all time when null),
 * leaving out turns whose gems were refunded: what the creator's characters earned.
 */
export async function sumChatGems(db: Db, gameId: number, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ gems: sum(chatMessages.chargedGems) })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(conversations.gameId, gameId),
        isNull(chatMessages.refundEntryId),
        since ? gte(chatMessages.createdAt, since) : undefined,
      ),
    );
  return Number(row?.gems ?? 0);
}
