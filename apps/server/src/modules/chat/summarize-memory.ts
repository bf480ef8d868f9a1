import type { Expression, Locale } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import type { ModelProvider } from '../llm/index.js';
import { findConversation, listVisible, updateMemory } from './queries.js';
import type { PaidTurn } from './send-service.js';

/** Finished messages a conversation keeps word for word; older ones live in the summary. */
export const VERBATIM_MESSAGES = 24;
/** Folded a few at a time, so the summary is not rewritten after every message. */
const FOLD_BATCH = 8;

/**
 * The automatic half of memory: once more than `VERBATIM_MESSAGES` finished messages follow the
 * last fold, the oldest of them are folded into the running summary by the active engine, and
 * the prompt's history starts after them.
 */
export async function foldOldTurns(
  db: Db,
  provider: ModelProvider,
  turn: PaidTurn,
  locale: Locale,
  now: () => Date,
): Promise<void> {
  // Most messages have nothing to fold: known from what the send read, without a statement.
  if (turn.finishedPastSummary <= VERBATIM_MESSAGES + FOLD_BATCH) return;
  const conversation = await findConversation(
    db,
    turn.message.userId,
    turn.ctx.gameId,
    turn.ctx.npc.id,
  );
  if (!conversation) return;
  const rows = (await listVisible(db, conversation.id, conversation.summarizedThrough)).filter(
    (r) => r.state === 'complete',
  );
  if (rows.length <= VERBATIM_MESSAGES + FOLD_BATCH) return;
  const folded = rows.slice(0, rows.length - VERBATIM_MESSAGES);
  const summary = await provider.summarize({
    persona: turn.ctx.persona,
    locale,
    previous: conversation.summary,
    turns: folded.map((r) => ({
      role: r.role === 'player' ? 'player' : 'character',
      text: r.text,
      ...(r.expression ? { expression: r.expression as Expression } : {}),
    })),
  });
  await updateMemory(db, conversation.id, { summary, summarizedThrough: folded.at(-1)!.id }, now());
}
