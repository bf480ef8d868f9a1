import { and, eq, gt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  type ChatMessageRow,
  type ConversationRow,
  chatMessages,
  conversations,
  gameSaves,
} from '../../platform/db/schema/index.js';

const param = (name: string) => sql.placeholder(name);

/** What a conversation needs of the player's save: where they are and what the story waits on. */
export type SaveView = Pick<typeof gameSaves.$inferSelect, 'chapterId' | 'view' | 'state'>;

/** What a prompt takes of a conversation: its memory, and the turns after it. */
export interface ConversationSoFar {
  conversation: Pick<ConversationRow, 'id' | 'summary' | 'pinned' | 'summarizedThrough'> | null;
  rows: Pick<ChatMessageRow, 'id' | 'role' | 'text' | 'expression' | 'state'>[];
}

/** The message a client id was first sent with: a resend is checked against it. */
export type SentMessage = Pick<ChatMessageRow, 'id' | 'role' | 'text' | 'conversationId'>;

type StoredConversation = NonNullable<ConversationSoFar['conversation']> & {
  rows: ConversationSoFar['rows'];
};

export interface TurnSoFar {
  save: SaveView | null;
  sent: SentMessage | null;
  sofar: ConversationSoFar;
}

/** `json_build_object('key', value, …)`; the keys are this file's own names, never input. */
const jsonObject = (pairs: Record<string, SQLWrapper>) =>
  sql`json_build_object(${sql.join(
    Object.entries(pairs).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

/** The one row of `table` matching `where` as a JSON object of `pairs`; null when there is none. */
const rowAsJson = <T>(
  pairs: Record<string, SQLWrapper>,
  table: SQLWrapper,
  where: SQL | undefined,
) => sql<T | null>`(select ${jsonObject(pairs)} from ${table} where ${where})`;

/**
 * The reads every message makes before its model is asked, prepared once: their query is not
 * rebuilt per message and, on PostgreSQL, not planned again (named statements). They sit on the
 * path to the first token the player waits for.
 */
export function createChatReads(db: Db) {
  const saveColumns = {
    chapterId: gameSaves.chapterId,
    view: gameSaves.view,
    state: gameSaves.state,
  } satisfies Record<keyof SaveView, SQLWrapper>;
  const saveOf = and(eq(gameSaves.userId, param('userId')), eq(gameSaves.gameId, param('gameId')));
  const saveView = db.select(saveColumns).from(gameSaves).where(saveOf).prepare('chat_save_view');

  const sentWith = and(
    eq(chatMessages.userId, param('userId')),
    eq(chatMessages.clientMessageId, param('clientMessageId')),
  );
  const messageByClientId = db
    .select()
    .from(chatMessages)
    .where(sentWith)
    .prepare('chat_message_by_client_id');

  // Everything a send reads before its model is asked, in one round trip (each read of its own
  // woke another database process, and on two busy cores their answers came back in the time
  // of the slowest): the save, the message already sent under this client id, and the
  // conversation's memory with its turns past the summary. One row of JSON, so the save's view
  // is not repeated on every turn's row.
  const turns = sql`coalesce((select json_agg(${jsonObject({
    id: chatMessages.id,
    role: chatMessages.role,
    text: chatMessages.text,
    expression: chatMessages.expression,
    state: chatMessages.state,
  })} order by ${chatMessages.id}) from ${chatMessages} where ${and(
    eq(chatMessages.conversationId, conversations.id),
    eq(chatMessages.rewound, 0),
    gt(chatMessages.id, conversations.summarizedThrough),
  )}), '[]'::json)`;
  const turnSoFar = db
    .select({
      save: rowAsJson<SaveView>(saveColumns, gameSaves, saveOf),
      sent: rowAsJson<SentMessage>(
        {
          id: chatMessages.id,
          role: chatMessages.role,
          text: chatMessages.text,
          conversationId: chatMessages.conversationId,
        },
        chatMessages,
        sentWith,
      ),
      conversation: rowAsJson<StoredConversation>(
        {
          id: conversations.id,
          summary: conversations.summary,
          pinned: conversations.pinned,
          summarizedThrough: conversations.summarizedThrough,
          rows: turns,
        },
        conversations,
        and(
          eq(conversations.userId, param('userId')),
          eq(conversations.gameId, param('gameId')),
          eq(conversations.npcId, param('npcId')),
        ),
      ),
    })
    .from(sql`(values (1)) as one`)
    .prepare('chat_turn_so_far');

  return {
    /** What a conversation needs of the player's save: where they are and what the story waits on. */
    async saveView(userId: number, gameId: number): Promise<SaveView | null> {
      const [row] = await saveView.execute({ userId, gameId });
      return row ?? null;
    },

    async messageByClientId(userId: number, clientMessageId: string) {
      const [row] = await messageByClientId.execute({ userId, clientMessageId });
      return (row as ChatMessageRow | undefined) ?? null;
    },

    /**
     * What a send needs before its model is asked: the player's save in this game, the message
     * already sent under `clientMessageId` (a resend), and the conversation's memory with its
     * visible turns past the summary, oldest first — only what the prompt is made of (a
     * message is read up to 32 times).
     */
    async turnSoFar(
      userId: number,
      gameId: number,
      npcId: number,
      clientMessageId: string,
    ): Promise<TurnSoFar> {
      const [row] = await turnSoFar.execute({ userId, gameId, npcId, clientMessageId });
      const save = row?.save ?? null;
      const sent = row?.sent ?? null;
      if (!row?.conversation) return { save, sent, sofar: { conversation: null, rows: [] } };
      const { rows, ...conversation } = row.conversation;
      return { save, sent, sofar: { conversation, rows } };
    },
  };
}

export type ChatReads = ReturnType<typeof createChatReads>;
