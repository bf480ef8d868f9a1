import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ChatTurn, ModelProvider, ReplyRequest } from '../llm/index.js';
import type { WalletService } from '../wallet/index.js';
import type { ChatReads, ConversationSoFar, SentMessage } from './chat-reads.js';
import type { ChatWrites } from './chat-writes.js';
import type { ContextLoader, ConversationContext } from './conversation-context.js';
import { type StartedReply, startReply } from './early-reply.js';
import { acceptPlayerMessage } from './message-text.js';
import type { Moderator } from './moderation.js';
import {
  type ChatMessageRow,
  type ConversationRow,
  findConversation,
  findFirstReply,
  findMessage,
  hideMessage,
  listVisible,
} from './queries.js';
import { replyPrice } from './reply-price.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SendDeps {
  db: Db;
  reads: ChatReads;
  writes: ChatWrites;
  loadContext: ContextLoader;
  wallet: WalletService;
  moderator: Moderator;
  provider: ModelProvider;
  now: () => Date;
  /** Model replies one player may start in 24 hours (CHAT_DAILY_REPLY_CAP). */
  dailyReplyCap: number;
}

/** A paid turn, stored: the player's message and the reply row the stream will fill. */
export interface PaidTurn {
  kind: 'new';
  ctx: ConversationContext;
  conversation: Pick<ConversationRow, 'id'>;
  message: Pick<ChatMessageRow, 'id' | 'userId'>;
  reply: Pick<ChatMessageRow, 'id'>;
  clientMessageId: string;
  chargedGems: number;
  gemBalance: number;
  /** The model's reply, asked for before the charge; read only now that it is paid for. */
  model: StartedReply;
  /**
   * Finished messages past the memory summary once this reply is finished, as read before the
   * charge: memory folding reads the conversation again only when there are enough to fold.
   */
  finishedPastSummary: number;
}

/** A resend of a turn already paid for: nothing is charged, the stored reply is shown. */
export interface ReplayedTurn {
  kind: 'replay';
  message: Pick<ChatMessageRow, 'id'>;
  reply: ChatMessageRow | null;
  gemBalance: number;
}

export type Turn = PaidTurn | ReplayedTurn;

/** Thrown inside the charging transaction when a concurrent resend stored the turn first. */
class ConcurrentResend extends Error {}

/**
 * Sending and regenerating: every check that can refuse runs before the transaction, and a model
 * reply's 10 gems are spent in the same transaction that stores the message (or the regenerated
 * reply), so either both happen or neither does. An offline reply is free: no ledger entry, and
 * the daily cap (a cap on model spend) does not count it. The client message id makes a retry free.
 */
export function createSendService(deps: SendDeps) {
  const { db, wallet, writes, now } = deps;
  const price = replyPrice(deps.provider.name);

  async function replayed(
    userId: number,
    message: Pick<ChatMessageRow, 'id'>,
    reply: ChatMessageRow | null,
  ): Promise<ReplayedTurn> {
    return { kind: 'replay', message, reply, gemBalance: await wallet.balance(db, userId) };
  }

  /** The turn's charge: a ledger entry for a model reply; none (and the balance) for a free one. */
  const spend = async (
    tx: Tx,
    userId: number,
    clientMessageId: string,
  ): Promise<{ id: number | null; balanceAfter: number }> => {
    if (price === 0) return { id: null, balanceAfter: await wallet.balance(tx, userId) };
    const { entry } = await wallet.spend(
      tx,
      userId,
      price,
      'chat_message',
      `chat:${clientMessageId}`,
      `chat:${clientMessageId}`,
    );
    return entry;
  };
  const capWindowStart = (at: Date) => new Date(at.getTime() - DAY_MS);

  /** Spends, then checks the daily cap under the wallet's lock (so concurrent sends count right). */
  async function charge(tx: Tx, userId: number, clientMessageId: string) {
    const entry = await spend(tx, userId, clientMessageId);
    if (price === 0) return entry;
    const started = await writes.countRepliesSince(tx, userId, capWindowStart(now()));
    if (started >= deps.dailyReplyCap) throw new AppError(STATUS.CHAT_DAILY_LIMIT);
    return entry;
  }

  /**
   * What the model is asked: the earlier finished turns the player can see (before `beforeId`,
   * after what the summary holds), the conversation's memory and the story's state. All of it
   * is read before the charge, which changes none of it.
   */
  function replyRequest(
    ctx: ConversationContext,
    { conversation, rows }: ConversationSoFar,
    message: string,
    locale: Locale,
    beforeId = Number.POSITIVE_INFINITY,
  ): ReplyRequest {
    const after = conversation?.summarizedThrough ?? 0;
    const history: ChatTurn[] = rows
      .filter((r) => r.id > after && r.id < beforeId && r.state === 'complete')
      .map((r) => ({
        role: r.role === 'player' ? 'player' : 'character',
        text: r.text,
        ...(r.expression ? { expression: r.expression as ChatTurn['expression'] } : {}),
      }));
    return {
      persona: ctx.persona,
      locale,
      history,
      message,
      storySoFar: ctx.storySoFar,
      goalKey: ctx.goalKey,
      memory: { summary: conversation?.summary ?? '', pinned: conversation?.pinned ?? [] },
    };
  }

  /**
   * Runs the charging transaction with the model already asked: a refused or replayed turn
   * calls the model off, a paid one carries it to the runner.
   */
  async function inTurn(
    model: StartedReply,
    finishedPastSummary: number,
    run: () => Promise<Omit<PaidTurn, 'model' | 'finishedPastSummary'>>,
    retry: () => Promise<Turn>,
  ): Promise<Turn> {
    try {
      return { ...(await run()), model, finishedPastSummary };
    } catch (error) {
      model.cancel();
      if (error instanceof ConcurrentResend) return retry();
      throw error;
    }
  }

  async function send(
    userId: number,
    locale: Locale,
    body: { game_id: number; npc_id: number; client_message_id: string; text: string },
  ): Promise<Turn> {
    const text = await acceptPlayerMessage(body.text, deps.moderator);
    // Everything the checks and the prompt need, read at once: the model is asked as soon as
    // the send is known to be a new one, and its first token is what the player waits for.
    const { save, sent, sofar } = await deps.reads.turnSoFar(
      userId,
      body.game_id,
      body.npc_id,
      body.client_message_id,
    );
    const ctx = await deps.loadContext(userId, locale, body.game_id, body.npc_id, save);
    if (sent) return resendOf(userId, sent, sofar.conversation, text);
    const model = startReply(deps.provider, replyRequest(ctx, sofar, text, locale));
    // The player's message and the reply join the finished ones.
    const finished = sofar.rows.filter((r) => r.state === 'complete').length + 2;

    return inTurn(
      model,
      finished,
      () =>
        db.transaction(async (tx) => {
          const at = now();
          // The wallet first: the lock order of a visitor's sign-in (auth/visitor-merge.ts).
          const entry = await spend(tx, userId, body.client_message_id);
          const stored = await writes.storeTurn(tx, {
            userId,
            gameId: body.game_id,
            npcId: body.npc_id,
            text,
            clientMessageId: body.client_message_id,
            // The player's message carries the charge.
            ledgerEntryId: entry.id,
            chargedGems: price,
            at,
            since: capWindowStart(at),
          });
          if (!stored) throw new ConcurrentResend();
          if (price > 0 && stored.repliesToday >= deps.dailyReplyCap) {
            throw new AppError(STATUS.CHAT_DAILY_LIMIT);
          }
          return {
            kind: 'new' as const,
            ctx,
            conversation: { id: stored.conversationId },
            message: { id: stored.messageId, userId },
            reply: { id: stored.replyId },
            clientMessageId: body.client_message_id,
            chargedGems: price,
            gemBalance: entry.balanceAfter,
          };
        }),
      async () => {
        const stored = await deps.reads.messageByClientId(userId, body.client_message_id);
        const conversation = await findConversation(db, userId, body.game_id, body.npc_id);
        return resendOf(userId, stored!, conversation, text);
      },
    );
  }

  /** The same id again: free when it is the same message to the same character, else 5008. */
  async function resendOf(
    userId: number,
    existing: SentMessage,
    conversation: Pick<ConversationRow, 'id'> | null,
    text: string,
  ): Promise<ReplayedTurn> {
    if (
      existing.role !== 'player' ||
      existing.text !== text ||
      existing.conversationId !== conversation?.id
    ) {
      throw new AppError(STATUS.CHAT_MESSAGE_ID_REUSED);
    }
    return replayed(userId, existing, await findFirstReply(db, existing.id));
  }

  /**
   * Another wording of the latest finished reply, paid like a message. The old reply leaves the
   * conversation; the new one answers the same player message.
   */
  async function regenerate(
    userId: number,
    locale: Locale,
    body: { game_id: number; npc_id: number; client_message_id: string; reply_id: string },
  ): Promise<Turn> {
    const ctx = await deps.loadContext(userId, locale, body.game_id, body.npc_id);
    const conversation = await findConversation(db, userId, body.game_id, body.npc_id);
    const target = await findMessage(db, Number(body.reply_id));
    const existing = await deps.reads.messageByClientId(userId, body.client_message_id);
    if (existing) {
      if (existing.role !== 'npc' || existing.replyTo !== target?.replyTo) {
        throw new AppError(STATUS.CHAT_MESSAGE_ID_REUSED);
      }
      // A regenerated reply is its own client id's row.
      return replayed(userId, existing, existing);
    }
    if (!conversation || !target || target.conversationId !== conversation.id) {
      throw new AppError(STATUS.CHAT_MESSAGE_NOT_FOUND);
    }
    const visible = await listVisible(db, conversation.id);
    const latest = visible.at(-1);
    if (latest?.id !== target.id || target.role !== 'npc' || target.state !== 'complete') {
      throw new AppError(STATUS.CHAT_CANNOT_REGENERATE);
    }
    const message = (await findMessage(db, target.replyTo!))!;
    const model = startReply(
      deps.provider,
      replyRequest(ctx, { conversation, rows: visible }, message.text, locale, message.id),
    );
    // The new reply takes the place of the one it hides.
    const finished = visible.filter(
      (r) => r.id > conversation.summarizedThrough && r.state === 'complete',
    ).length;

    return inTurn(
      model,
      finished,
      () =>
        db.transaction(async (tx) => {
          const at = now();
          const entry = await charge(tx, userId, body.client_message_id);
          const reply = await writes.insertMessage(tx, {
            conversationId: conversation.id,
            userId,
            role: 'npc',
            text: '',
            state: 'streaming',
            replyTo: message.id,
            clientMessageId: body.client_message_id,
            ledgerEntryId: entry.id,
            chargedGems: price,
            at,
          });
          if (!reply) throw new ConcurrentResend();
          await hideMessage(tx, target.id);
          return {
            kind: 'new' as const,
            ctx,
            conversation,
            message,
            reply,
            clientMessageId: body.client_message_id,
            chargedGems: price,
            gemBalance: entry.balanceAfter,
          };
        }),
      async () => {
        const stored = (await deps.reads.messageByClientId(userId, body.client_message_id))!;
        return replayed(userId, stored, stored);
      },
    );
  }

  return { send, regenerate };
}

export type SendService = ReturnType<typeof createSendService>;
