import type { CHAT_SEND_EVENTS, ChatSendEvent } from '@taleforge/contracts';
import type { Expression, Locale } from '@taleforge/contracts/constants';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ModelProvider } from '../llm/index.js';
import type { PlayService } from '../play/index.js';
import type { WalletService } from '../wallet/index.js';
import type { ChatWrites } from './chat-writes.js';
import type { Moderator } from './moderation.js';
import { findMessage, messageOwner } from './queries.js';
import { DELTA_BATCH_MS, pacer, STORE_INTERVAL_MS } from './reply-pacing.js';
import type { PaidTurn, ReplayedTurn } from './send-service.js';
import type { SseWriter } from './sse-writer.js';
import { failureStatus, streamReply } from './stream-reply.js';
import { foldOldTurns } from './summarize-memory.js';

export interface RunnerDeps {
  db: Db;
  writes: ChatWrites;
  wallet: WalletService;
  play: PlayService;
  provider: ModelProvider;
  moderator: Moderator;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Thrown to roll a refund back when the turn changed owner under it. */
const OWNER_MOVED = Symbol('owner moved');

type Emit = <N extends keyof typeof CHAT_SEND_EVENTS>(
  name: N,
  data: ChatSendEvent<N>,
) => Promise<void>;

const emitter =
  (sse: SseWriter): Emit =>
  (name, data) =>
    sse.send(name, data);

/**
 * Runs one paid reply to its end and settles it: stored as it streams (a reload shows it), then
 * `complete` — and a goal the server has checked moves the story on — or `failed` and refunded in
 * one transaction. The model keeps going if the player leaves: the reply is paid for and the
 * reload shows it. Every path ends the stream.
 */
export function createReplyRunner(deps: RunnerDeps) {
  const { db, writes, now } = deps;

  /**
   * Refunds whoever owns the turn now: the player may have signed in while the reply ran, and
   * their visitor's turns and gems are the account's since (auth/visitor-merge.ts). A sign-in that
   * commits while the grant waits for the visitor's wallet is seen after it: the refund is undone
   * and made again, to the account.
   */
  async function refund(turn: PaidTurn, partialText: string): Promise<number> {
    if (turn.chargedGems === 0) {
      // A free reply: nothing to give back, only the reply to close.
      await writes.finishReply(
        db,
        turn.reply.id,
        { state: 'failed', text: partialText, refundEntryId: null },
        now(),
      );
      const owner = (await messageOwner(db, turn.reply.id)) ?? turn.message.userId;
      return deps.wallet.balance(db, owner);
    }
    for (let attempt = 0; ; attempt += 1) {
      const balance = await db
        .transaction(async (tx) => {
          const owner = (await messageOwner(tx, turn.reply.id)) ?? turn.message.userId;
          const { entry } = await deps.wallet.grant(
            tx,
            owner,
            turn.chargedGems,
            'chat_refund',
            `chat:${turn.clientMessageId}`,
            `chat-refund:${turn.reply.id}`,
          );
          if (attempt === 0 && (await messageOwner(tx, turn.reply.id)) !== owner) {
            throw OWNER_MOVED;
          }
          await writes.finishReply(
            tx,
            turn.reply.id,
            { state: 'failed', text: partialText, refundEntryId: entry.id },
            now(),
          );
          return entry.balanceAfter;
        })
        .catch((error: unknown) => {
          if (error === OWNER_MOVED) return null;
          throw error;
        });
      if (balance !== null) return balance;
    }
  }

  /** Only the server reports a reached goal, and only the one the story is waiting on. */
  async function continueStory(turn: PaidTurn, locale: Locale): Promise<boolean> {
    try {
      const owner = (await messageOwner(db, turn.reply.id)) ?? turn.message.userId;
      await deps.play.finishConversation(owner, locale, turn.ctx.gameId, true);
      return true;
    } catch (error) {
      // Another reply reached it first, or the player already moved on: nothing left to do.
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  async function run(turn: PaidTurn, locale: Locale, sse: SseWriter): Promise<void> {
    const emit = emitter(sse);
    await emit('accepted', {
      message_id: String(turn.message.id),
      reply_id: String(turn.reply.id),
      charged_gems: turn.chargedGems,
      gem_balance: turn.gemBalance,
    });
    const { conversation, ctx } = turn;
    // The first delta is sent at once and stored on the next turn of the event loop, once it has
    // left (the player waits for it; a statement's socket write first would delay it); the rest
    // are gathered: the stream trails the model by at most DELTA_BATCH_MS, the stored text (what
    // a reload shows) by STORE_INTERVAL_MS, and the complete text is stored when the reply ends
    // (so what is still gathered then is dropped, not stored twice).
    const deltas = pacer((text) => emit('delta', { text }), DELTA_BATCH_MS, { firstAfterMs: 0 });
    const store = pacer(
      (text) => writes.appendReplyText(turn.reply.id, text, now()),
      STORE_INTERVAL_MS,
      { firstAfterMs: 1 },
    );
    let outcome: Awaited<ReturnType<typeof streamReply>>;
    try {
      outcome = await streamReply({
        events: turn.model.events,
        moderator: deps.moderator,
        request: turn.model.request,
        onDelta: (text) => {
          const sent = deltas.push(text);
          void store.push(text);
          return sent;
        },
      });
      await Promise.all([deltas.flush(), store.discard()]);
    } catch (error) {
      deps.log.error({ err: error, replyId: turn.reply.id }, 'chat reply crashed');
      await Promise.all([deltas.flush(), store.flush()]).catch(() => {});
      const stored = await findMessage(db, turn.reply.id);
      outcome = { kind: 'failed', reason: 'upstream', partialText: stored?.text ?? '' };
    }

    if (outcome.kind === 'failed') {
      const balance = await refund(turn, outcome.partialText);
      const status = failureStatus(outcome.reason);
      await emit('error', {
        status,
        desc: statusMessage(status, locale),
        refunded_gems: turn.chargedGems,
        gem_balance: balance,
      });
      sse.end();
      return;
    }

    await writes.finishReply(
      db,
      turn.reply.id,
      { state: 'complete', text: outcome.text, expression: outcome.expression },
      now(),
    );
    const reached = outcome.goal?.reached === true && ctx.goalKey === outcome.goal.key;
    const storyContinued = reached ? await continueStory(turn, locale) : false;
    await emit('done', {
      reply_id: String(turn.reply.id),
      text: outcome.text,
      expression: outcome.expression,
      goal: outcome.goal,
      story_continued: storyContinued,
    });
    sse.end();
    await foldOldTurns(db, deps.provider, turn, locale, now).catch((error: unknown) =>
      deps.log.warn({ err: error, conversationId: conversation.id }, 'chat summary failed'),
    );
  }

  /**
   * A resend of a paid turn: shows the stored reply, following it while another request is still
   * writing it, without charging anything.
   */
  async function replay(turn: ReplayedTurn, locale: Locale, sse: SseWriter, maxWaitMs: number) {
    const emit = emitter(sse);
    await emit('accepted', {
      message_id: String(turn.message.id),
      reply_id: String(turn.reply?.id ?? ''),
      charged_gems: 0,
      gem_balance: turn.gemBalance,
    });
    let reply = turn.reply;
    let shown = 0;
    const deadline = Date.now() + maxWaitMs;
    while (reply) {
      if (reply.text.length > shown) {
        await emit('delta', { text: reply.text.slice(shown) });
        shown = reply.text.length;
      }
      if (reply.state !== 'streaming' || Date.now() > deadline || sse.signal.aborted) break;
      await new Promise((r) => setTimeout(r, 200));
      reply = await findMessage(db, reply.id);
    }
    if (reply?.state === 'complete') {
      await emit('done', {
        reply_id: String(reply.id),
        text: reply.text,
        expression: (reply.expression as Expression | null) ?? 'normal',
        goal: null,
        story_continued: false,
      });
    } else {
      await emit('error', {
        status: STATUS.CHAT_REPLY_FAILED,
        desc: statusMessage(STATUS.CHAT_REPLY_FAILED, locale),
        refunded_gems: 0,
        gem_balance: turn.gemBalance,
      });
    }
    sse.end();
  }

  return { run, replay };
}

export type ReplyRunner = ReturnType<typeof createReplyRunner>;
