import type {
  AssistantCap,
  AssistantMessage,
  assistantSendCall,
  CallBody,
} from '@taleforge/contracts';
import { ASSISTANT_LIMITS, type Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { cleanText, isBlank } from '@taleforge/contracts/text-policy';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { capOf, resetDetail, utcDayStart } from './daily-cap.js';
import { type AssistantEngine, type EngineReply, ModelUnavailable } from './engines/engine.js';
import {
  countPlayerMessagesSince,
  findPlayerMessage,
  insertTurn,
  listMessages,
  lockPlayerTurns,
  type MessageRow,
} from './message-queries.js';
import { viewMessages } from './message-view.js';
import type { AssistantReaders } from './readers.js';

type SendBody = CallBody<typeof assistantSendCall>;

export interface SentTurn {
  message: AssistantMessage;
  reply: AssistantMessage;
  cap: AssistantCap;
}

/** Earlier messages an engine may read for context. */
const CONTEXT_MESSAGES = 10;

/** Thrown inside the storing transaction when the same message was stored meanwhile. */
class StoredMeanwhile extends Error {}

/** The player's text as it will be stored, or the refusal (6402 empty, 6403 too long). */
function acceptText(raw: string): string {
  // The contract cleaned it already; cleaning again keeps this true for any other caller.
  const text = cleanText(raw);
  if (isBlank(text)) throw new AppError(STATUS.ASSISTANT_MESSAGE_EMPTY);
  if ([...text].length > ASSISTANT_LIMITS.messageMaxChars) {
    throw new AppError(STATUS.ASSISTANT_MESSAGE_TOO_LONG);
  }
  return text;
}

/**
 * One turn: every refusal before the engine runs, the engine outside any transaction (a model
 * can take seconds), then the player's message and the reply stored together under the
 * player's lock, where the cap is counted again. A turn the engine could not answer stores
 * nothing and so counts nothing. The client message id makes a retry the stored turn.
 */
export function createSendService(deps: {
  db: Db;
  engine: AssistantEngine;
  readers: AssistantReaders;
  dailyCap: number;
  now: () => Date;
}) {
  const { db, readers, dailyCap, now } = deps;

  const usedToday = (userId: number, at: Date) =>
    countPlayerMessagesSince(db, userId, utcDayStart(at));

  const overCap = (at: Date, locale: Locale) =>
    new AppError(STATUS.ASSISTANT_DAILY_CAP, resetDetail(at, locale));

  async function turnOf(
    userId: number,
    locale: Locale,
    rows: { message: MessageRow; reply: MessageRow | null },
    text: string,
  ): Promise<SentTurn> {
    if (rows.message.text !== text) throw new AppError(STATUS.ASSISTANT_MESSAGE_ID_REUSED);
    const at = now();
    const [message, reply] = await viewMessages(
      readers,
      [rows.message, ...(rows.reply ? [rows.reply] : [])],
      locale,
    );
    return {
      message: message!,
      reply: reply!,
      cap: capOf(dailyCap, await usedToday(userId, at), at),
    };
  }

  async function answer(userId: number, locale: Locale, body: SendBody, text: string) {
    const history = (await listMessages(db, userId, CONTEXT_MESSAGES, null))
      .reverse()
      .map((row) => ({ role: row.role as 'player' | 'assistant', text: row.text }));
    try {
      return await deps.engine.reply({
        text,
        history,
        ctx: { userId, locale, page: body.page ?? null, readers },
      });
    } catch (error) {
      if (error instanceof ModelUnavailable) throw new AppError(STATUS.ASSISTANT_UNAVAILABLE);
      throw error;
    }
  }

  async function store(userId: number, body: SendBody, text: string, reply: EngineReply) {
    return db.transaction(async (tx) => {
      await lockPlayerTurns(tx, userId);
      if (await findPlayerMessage(tx, userId, body.client_message_id)) throw new StoredMeanwhile();
      const at = now();
      const used = await countPlayerMessagesSince(tx, userId, utcDayStart(at));
      if (used >= dailyCap) return { refused: true as const, at };
      const stored = await insertTurn(tx, {
        userId,
        clientMessageId: body.client_message_id,
        text,
        source: body.source,
        reply,
        at,
      });
      if (!stored) throw new StoredMeanwhile();
      return { refused: false as const, stored, used: used + 1, at };
    });
  }

  return {
    async send(userId: number, locale: Locale, body: SendBody): Promise<SentTurn> {
      const text = acceptText(body.text);
      const sent = await findPlayerMessage(db, userId, body.client_message_id);
      if (sent) return turnOf(userId, locale, sent, text);
      const before = now();
      if ((await usedToday(userId, before)) >= dailyCap) throw overCap(before, locale);
      const reply = await answer(userId, locale, body, text);
      let result: Awaited<ReturnType<typeof store>>;
      try {
        result = await store(userId, body, text, reply);
      } catch (error) {
        if (!(error instanceof StoredMeanwhile)) throw error;
        const stored = await findPlayerMessage(db, userId, body.client_message_id);
        return turnOf(userId, locale, stored!, text);
      }
      if (result.refused) throw overCap(result.at, locale);
      const [message, replyView] = await viewMessages(
        readers,
        [result.stored.message, result.stored.reply],
        locale,
      );
      return { message: message!, reply: replyView!, cap: capOf(dailyCap, result.used, result.at) };
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
