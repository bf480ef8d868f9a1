import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  type ChatMessageRow,
  type ConversationRow,
  chatMessages,
  conversations,
  gameSaves,
} from '../../platform/db/schema/index.js';

const param = (name: string) => sql.placeholder(name);

/** What a prompt takes of a conversation: its memory, and the turns after it. */
export interface ConversationSoFar {
  conversation: Pick<ConversationRow, 'id' | 'summary' | 'pinned' | 'summarizedThrough'> | null;
  rows: Pick<ChatMessageRow, 'id' | 'role' | 'text' | 'expression' | 'state'>[];
}

/**
 * The reads every message makes before its model is asked, prepared once: their query is not
 * rebuilt per message and, on PostgreSQL, not planned again (named statements). They sit on the
 * path to the first token the player waits for.
 */
export function createChatReads(db: Db) {
  const saveView = db
    .select({ chapterId: gameSaves.chapterId, view: gameSaves.view, state: gameSaves.state })
    .from(gameSaves)
    .where(and(eq(gameSaves.userId, param('userId')), eq(gameSaves.gameId, param('gameId'))))
    .prepare('chat_save_view');

  const messageByClientId = db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, param('userId')),
        eq(chatMessages.clientMessageId, param('clientMessageId')),
      ),
    )
    .prepare('chat_message_by_client_id');

  const conversationSoFar = db
    .select({
      conversation: {
        id: conversations.id,
        summary: conversations.summary,
        pinned: conversations.pinned,
        summarizedThrough: conversations.summarizedThrough,
      },
      message: {
        id: chatMessages.id,
        role: chatMessages.role,
        text: chatMessages.text,
        expression: chatMessages.expression,
        state: chatMessages.state,
      },
    })
    .from(conversations)
    .leftJoin(
      chatMessages,
      and(
        eq(chatMessages.conversationId, conversations.id),
        eq(chatMessages.rewound, 0),
        gt(chatMessages.id, conversations.summarizedThrough),
      ),
    )
    .where(
      and(
        eq(conversations.userId, param('userId')),
        eq(conversations.gameId, param('gameId')),
        eq(conversations.npcId, param('npcId')),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .prepare('chat_conversation_so_far');

  return {
    /** What a conversation needs of the player's save: where they are and what the story waits on. */
    async saveView(userId: number, gameId: number) {
      const [row] = await saveView.execute({ userId, gameId });
      return row ?? null;
    },

    async messageByClientId(userId: number, clientMessageId: string) {
      const [row] = await messageByClientId.execute({ userId, clientMessageId });
      return (row as ChatMessageRow | undefined) ?? null;
    },

    /**
     * The conversation's memory, if there is one yet, with its visible messages past its summary,
     * oldest first: only what the prompt is made of (a message is read up to 32 times).
     */
    async conversationSoFar(
      userId: number,
      gameId: number,
      npcId: number,
    ): Promise<ConversationSoFar> {
      const joined = await conversationSoFar.execute({ userId, gameId, npcId });
      return {
        conversation: joined[0]?.conversation ?? null,
        rows: joined.flatMap((j) => (j.message ? [j.message] : [])),
      };
    },
  };
}

export type ChatReads = ReturnType<typeof createChatReads>;
