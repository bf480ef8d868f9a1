import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { chatMessages } from '../../platform/db/schema/index.js';
import type { WalletService } from '../wallet/index.js';
import type { ChatWrites } from './chat-writes.js';

/** Past the longest a reply may run, a settling runner has had this long to write its end. */
const SETTLE_MARGIN_MS = 5_000;
const BATCH = 100;

/**
 * Ends the replies whose writer is gone: the node streaming them was killed (or lost its
 * database) before it could store `complete` or `failed`. Nobody else would ever end them, so a
 * resend would wait on them and a paid turn would stay paid for nothing. A reply older than the
 * longest a model may write (LLM_MAX_REPLY_MS) plus a margin has no living writer: it is stored
 * `failed` with what it had, and its charge is refunded under the key the runner's own refund
 * uses, so the two can never both pay.
 */
export async function failAbandonedReplies(deps: {
  db: Db;
  writes: ChatWrites;
  wallet: WalletService;
  now: () => Date;
  maxReplyMs: number;
}): Promise<number> {
  const { db, now } = deps;
  const cutoff = new Date(now().getTime() - deps.maxReplyMs - SETTLE_MARGIN_MS);
  const stale = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.state, 'streaming'), lt(chatMessages.createdAt, cutoff)))
    .orderBy(chatMessages.id)
    .limit(BATCH);
  let ended = 0;
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      // Locked and read again: a visitor merge may have moved it, another node ended it.
      const [reply] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.id, id), eq(chatMessages.state, 'streaming')))
        .for('update');
      if (!reply) return false;
      // A regenerated reply carries its own charge; a first reply's is on the message it answers.
      const [payer = reply] =
        reply.chargedGems > 0 || reply.replyTo === null
          ? [reply]
          : await tx.select().from(chatMessages).where(eq(chatMessages.id, reply.replyTo));
      let refundEntryId: number | null = null;
      if (payer.chargedGems > 0) {
        const { entry } = await deps.wallet.grant(
          tx,
          reply.userId,
          payer.chargedGems,
          'chat_refund',
          `chat:${payer.clientMessageId}`,
          `chat-refund:${reply.id}`,
        );
        refundEntryId = entry.id;
      }
      await deps.writes.finishReply(
        tx,
        reply.id,
        { state: 'failed', text: reply.text, refundEntryId },
        now(),
      );
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}
