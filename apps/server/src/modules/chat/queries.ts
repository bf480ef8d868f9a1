import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  type ChatMessageRow,
  type ConversationRow,
  chatMessages,
  conversations,
  npcs,
} from '../../platform/db/schema/index.js';

type Exec = Db | Tx;

export type { ChatMessageRow, ConversationRow };

export async function findNpc(db: Exec, gameId: number, npcId: number) {
  const [row] = await db
    .select()
    .from(npcs)
    .where(and(eq(npcs.id, npcId), eq(npcs.gameId, gameId)));
  return row ?? null;
}

export async function findConversation(
  db: Exec,
  userId: number,
  gameId: number,
  npcId: number,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.gameId, gameId),
        eq(conversations.npcId, npcId),
      ),
    );
  return row ?? null;
}

export async function updateMemory(
  db: Exec,
  conversationId: number,
  values: Partial<Pick<ConversationRow, 'summary' | 'pinned' | 'summarizedThrough'>>,
  now: Date,
): Promise<void> {
  await db
    .update(conversations)
    .set({ ...values, updatedAt: now })
    .where(eq(conversations.id, conversationId));
}

export async function findMessage(db: Exec, id: number): Promise<ChatMessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row ?? null;
}

/** Who a message belongs to now: a visitor's turns become the account's when they sign in. */
export async function messageOwner(db: Exec, id: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: chatMessages.userId })
    .from(chatMessages)
    .where(eq(chatMessages.id, id));
  return row?.userId ?? null;
}

/** The first reply written for a player message (the one a resend of that message shows). */
export async function findFirstReply(db: Exec, playerMessageId: number) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.replyTo, playerMessageId), eq(chatMessages.role, 'npc')))
    .orderBy(asc(chatMessages.id))
    .limit(1);
  return row ?? null;
}

/** Visible messages of a conversation (not rewound), oldest first, after `afterId`. */
export function listVisible(db: Exec, conversationId: number, afterId = 0) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.rewound, 0),
        gt(chatMessages.id, afterId),
      ),
    )
    .orderBy(asc(chatMessages.id));
}

/** A page of history, newest first; the caller turns it oldest-to-newest. */
export function listPage(db: Exec, conversationId: number, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.rewound, 0),
        beforeId ? lt(chatMessages.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** Hides every message after `messageId`; answers how many left the conversation. */
export async function rewindAfter(db: Exec, conversationId: number, messageId: number) {
  const rows = await db
    .update(chatMessages)
    .set({ rewound: 1 })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        gt(chatMessages.id, messageId),
        eq(chatMessages.rewound, 0),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

export async function hideMessage(db: Exec, id: number) {
  await db.update(chatMessages).set({ rewound: 1 }).where(eq(chatMessages.id, id));
}

/** The face of the character's latest finished reply. */
export async function lastExpression(db: Exec, conversationId: number): Promise<string | null> {
  const [row] = await db
    .select({ expression: chatMessages.expression })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.role, 'npc'),
        eq(chatMessages.state, 'complete'),
        eq(chatMessages.rewound, 0),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row?.expression ?? null;
}
