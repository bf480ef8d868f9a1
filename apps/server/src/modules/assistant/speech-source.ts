import type { AssistantAvatar } from '@taleforge/contracts/constants';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { assistantMessages, assistantSettings } from '../../platform/db/schema/index.js';

/**
 * What the speech route reads aloud: one of the player's own assistant replies, and the avatar
 * whose voice reads it. Null when the message is not an assistant reply of this player.
 */
export async function replyForSpeech(
  db: Db,
  userId: number,
  messageId: number,
): Promise<{ text: string; avatar: AssistantAvatar } | null> {
  const [row] = await db
    .select({ text: assistantMessages.text, avatar: assistantSettings.avatar })
    .from(assistantMessages)
    .leftJoin(assistantSettings, eq(assistantSettings.userId, assistantMessages.userId))
    .where(
      and(
        eq(assistantMessages.id, messageId),
        eq(assistantMessages.userId, userId),
        eq(assistantMessages.role, 'assistant'),
      ),
    );
  if (!row) return null;
  return { text: row.text, avatar: (row.avatar ?? 'female') as AssistantAvatar };
}
