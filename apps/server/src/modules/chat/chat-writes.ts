import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { preparedOn } from '../../platform/db/prepared-on.js';
import { type ChatMessageRow, chatMessages } from '../../platform/db/schema/index.js';
import { type NewTurn, prepareStoreTurn, type StoredTurn } from './store-turn.js';

type Exec = Db | Tx;

const param = (name: string) => sql.placeholder(name);
const timestamp = (name: string) => sql`${param(name)}::timestamptz`;

/** A message row as a send or a regeneration stores it. */
export interface NewMessage {
  conversationId: number;
  userId: number;
  role: 'player' | 'npc';
  text: string;
  state: ChatMessageRow['state'];
  clientMessageId: string | null;
  replyTo: number | null;
  ledgerEntryId: number | null;
  chargedGems: number;
  at: Date;
}

/**
 * The statements of every paid message after its model is asked, prepared once like the reads
 * before it (chat-reads.ts): the charging transaction's (a new turn's rows and the daily cap's
 * count in one statement, store-turn.ts; a regenerated reply's row and the count), then the
 * reply's text as it streams and when it ends. Built once, they are not rebuilt per
 * message and, on PostgreSQL, not planned again.
 */
export function createChatWrites(db: Db) {
  const insertMessage = db
    .insert(chatMessages)
    .values({
      conversationId: param('conversationId'),
      userId: param('userId'),
      role: param('role'),
      text: param('text'),
      state: param('state'),
      clientMessageId: param('clientMessageId'),
      replyTo: param('replyTo'),
      ledgerEntryId: param('ledgerEntryId'),
      chargedGems: param('chargedGems'),
      createdAt: timestamp('at'),
      updatedAt: timestamp('at'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('chat_insert_message');

  const repliesSinceQuery = db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, param('userId')),
        // A paid turn is one message with a ledger entry (the player's, or a regenerated reply):
        // the cap counts model replies, never the offline engine's free ones.
        isNotNull(chatMessages.ledgerEntryId),
        gt(chatMessages.createdAt, timestamp('since')),
      ),
    );
  const repliesSince = repliesSinceQuery.prepare('chat_replies_since');

  const storeTurn = prepareStoreTurn(db, repliesSinceQuery);

  const appendReplyText = db
    .update(chatMessages)
    .set({ text: sql`${chatMessages.text} || ${param('delta')}`, updatedAt: timestamp('at') })
    .where(eq(chatMessages.id, param('id')))
    .prepare('chat_append_reply_text');

  const finishReply = db
    .update(chatMessages)
    .set({
      text: sql`${param('text')}`,
      expression: sql`${param('expression')}`,
      state: sql`${param('state')}`,
      refundEntryId: sql`${param('refundEntryId')}`,
      updatedAt: timestamp('at'),
    })
    // Ended once: a writer that outlived the sweep of abandoned replies does not undo its end.
    .where(and(eq(chatMessages.id, param('id')), eq(chatMessages.state, 'streaming')))
    .prepare('chat_finish_reply');

  return {
    /**
     * Stores a paid turn after its charge: the conversation, created on the first message (two
     * first messages at once get the same) with `updatedAt` moved to now, the player's message
     * and the empty reply. Null when the client message id is already taken (a concurrent
     * resend stored it first): the caller must roll back. `repliesToday` counts the replies started
     * since `since` before this one, for the operator's daily cap. The conversation's row is
     * locked: callers take the wallet's lock first, the order a visitor's sign-in moves things
     * in (auth/visitor-merge.ts).
     */
    async storeTurn(tx: Tx, turn: NewTurn): Promise<StoredTurn | null> {
      const { at, since, ...values } = turn;
      const [row] = await preparedOn(storeTurn, tx).execute({
        ...values,
        at: at.toISOString(),
        since: since.toISOString(),
      });
      return row ?? null;
    },

    /** Inserts one message; null when its client message id is already taken (a concurrent resend). */
    async insertMessage(tx: Tx, message: NewMessage): Promise<ChatMessageRow | null> {
      const { at, ...values } = message;
      const [row] = await preparedOn(insertMessage, tx).execute({
        ...values,
        at: at.toISOString(),
      });
      return row ?? null;
    },

    /** Paid (model) replies this player started since `since`: the operator's daily cap counts them. */
    async countRepliesSince(exec: Exec, userId: number, since: Date): Promise<number> {
      const [row] = await preparedOn(repliesSince, exec).execute({
        userId,
        since: since.toISOString(),
      });
      return Number(row?.n ?? 0);
    },

    /** Appends a streamed delta in one statement, so a reload mid-reply shows it. */
    async appendReplyText(id: number, delta: string, at: Date): Promise<void> {
      await appendReplyText.execute({ id, delta, at: at.toISOString() });
    },

    /** A reply's end: its whole text and face when complete; what it had, and the refund, when failed. */
    async finishReply(
      exec: Exec,
      id: number,
      end:
        | { state: 'complete'; text: string; expression: string | null }
        | { state: 'failed'; text: string; refundEntryId: number | null },
      at: Date,
    ): Promise<void> {
      await preparedOn(finishReply, exec).execute({
        id,
        text: end.text,
        state: end.state,
        expression: end.state === 'complete' ? end.expression : null,
        refundEntryId: end.state === 'failed' ? end.refundEntryId : null,
        at: at.toISOString(),
      });
    },
  };
}

export type ChatWrites = ReturnType<typeof createChatWrites>;
