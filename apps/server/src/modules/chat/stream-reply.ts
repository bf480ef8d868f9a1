import type { Expression } from '@taleforge/contracts/constants';
import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import {
  checkGoalProposal,
  evaluateGoal,
  findGoal,
  ModelError,
  type ModelErrorKind,
  playerTexts,
  type ReplyEvent,
  type ReplyRequest,
} from '../llm/index.js';
import type { Moderator } from './moderation.js';

/** Characters of the reply so far that output moderation rereads with each delta. */
const MODERATION_WINDOW = 200;

export interface CheckedGoal {
  key: string;
  /** Only true when the proposal named the story's goal and the player's words met every step. */
  reached: boolean;
  percent: number;
}

export type ReplyOutcome =
  | { kind: 'complete'; text: string; expression: Expression; goal: CheckedGoal | null }
  | {
      kind: 'failed';
      /** `withheld`: the guard caught a leak; `blocked`: output moderation; else the model's error. */
      reason: ModelErrorKind | 'withheld' | 'blocked';
      /** What the player had already seen (the caller stores it, marked failed). */
      partialText: string;
    };

export interface StreamReplyInput {
  /** The model's answer to `request` (`provider.reply(request)`, possibly already started). */
  events: AsyncIterable<ReplyEvent>;
  moderator: Moderator;
  request: ReplyRequest;
  /** Receives each player-visible delta (write it to the SSE stream, store it). */
  onDelta: (text: string) => Promise<void> | void;
}

/**
 * One character reply, from provider to player: deltas flow out as they pass output
 * moderation; the end result is either complete — with an expression from SPEC §3 and a goal
 * signal the server has checked against the story — or failed with a reason, and the caller
 * refunds. Nothing here touches a wallet or the story: the caller applies a checked goal.
 */
export async function streamReply(input: StreamReplyInput): Promise<ReplyOutcome> {
  const { events, moderator, request, onDelta } = input;
  let seen = '';
  try {
    for await (const event of events) {
      if (event.type === 'delta') {
        // The tail is enough to complete any listed term, and keeps a long reply linear.
        const verdict = await moderator.check(
          seen.slice(-MODERATION_WINDOW) + event.text,
          'output',
        );
        if (!verdict.allowed) return { kind: 'failed', reason: 'blocked', partialText: seen };
        seen += event.text;
        await onDelta(event.text);
        continue;
      }
      const { result } = event;
      if (result.withheld) return { kind: 'failed', reason: 'withheld', partialText: seen };
      return {
        kind: 'complete',
        text: result.text,
        expression: result.expression,
        goal: checkGoal(request, result.goal),
      };
    }
    return { kind: 'failed', reason: 'protocol', partialText: seen };
  } catch (error) {
    if (error instanceof ModelError)
      return { kind: 'failed', reason: error.kind, partialText: seen };
    throw error;
  }
}

function checkGoal(request: ReplyRequest, proposal: { key: string } | null): CheckedGoal | null {
  const goal = findGoal(request.persona, request.goalKey);
  if (!goal) return null;
  const texts = playerTexts(request.history, request.message);
  const accepted = checkGoalProposal(proposal, request.persona, request.goalKey, texts);
  const progress = evaluateGoal(goal, texts);
  return { key: goal.key, reached: accepted !== null, percent: progress.percent };
}

/** The status the `error` event carries for a failed reply. */
export function failureStatus(
  reason: Extract<ReplyOutcome, { kind: 'failed' }>['reason'],
): StatusCode {
  if (reason === 'timeout') return STATUS.CHAT_REPLY_TIMEOUT;
  if (reason === 'withheld' || reason === 'blocked') return STATUS.CHAT_REPLY_WITHHELD;
  return STATUS.CHAT_REPLY_FAILED;
}
