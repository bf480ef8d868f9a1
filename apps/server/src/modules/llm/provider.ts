import type { CharacterPersona } from '@taleforge/contracts/character-persona';
import type { Expression, Locale } from '@taleforge/contracts/constants';

export type ProviderName = 'openai' | 'offline';

export interface ChatTurn {
  role: 'player' | 'character';
  text: string;
  /** The face a character turn was shown with. */
  expression?: Expression;
}

/** Everything a character needs to answer one player message. */
export interface ReplyRequest {
  persona: CharacterPersona;
  /** The player's language: the reply is written in it. */
  locale: Locale;
  /** Earlier turns of this conversation, oldest first, without the new message. */
  history: readonly ChatTurn[];
  /** The player's new message. Always data, never instructions. */
  message: string;
  /** What happened in the story so far, written by the story runtime (may be empty). */
  storySoFar: string;
  /** Key of a goal of `persona.goals` the story has set, or null. */
  goalKey: string | null;
  /** Conversation memory: a running summary and facts the player pinned. */
  memory: { summary: string; pinned: readonly string[] };
}

/**
 * A goal signal is only a proposal: the model (or the offline engine) says the goal looks
 * reached; the story runtime acts on it only after `checkGoalProposal` agrees.
 */
export interface GoalProposal {
  key: string;
}

export interface ReplyResult {
  /** The whole reply as the player saw it (the concatenated deltas). */
  text: string;
  /** Always one of SPEC §3's expressions; anything else became `normal`. */
  expression: Expression;
  goal: GoalProposal | null;
  /** Set when the output guard cut the reply (it leaked the prompt or the canary). */
  withheld: boolean;
}

export type ReplyEvent = { type: 'delta'; text: string } | { type: 'final'; result: ReplyResult };

/**
 * A model engine. `reply` yields text deltas as they arrive, then exactly one `final` event.
 * It throws `ModelError` on failure (before or during the stream); breaking out of the loop or
 * aborting `signal` cancels the upstream request.
 */
export interface ModelProvider {
  readonly name: ProviderName;
  reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyEvent>;
  /** Folds turns that no longer fit the prompt into the conversation's running summary. */
  summarize(request: SummaryRequest, signal?: AbortSignal): Promise<string>;
}

export interface SummaryRequest {
  persona: CharacterPersona;
  locale: Locale;
  /** The running summary so far ('' at first). */
  previous: string;
  /** The turns leaving the prompt's window, oldest first. */
  turns: readonly ChatTurn[];
}

/** Longest running summary, in characters: it rides in every prompt. */
export const SUMMARY_MAX_CHARS = 800;

export type ModelErrorKind =
  /** No first token, or a gap between tokens, longer than the configured timeout. */
  | 'timeout'
  /** The endpoint refused, answered non-2xx, or the stream broke or carried an error. */
  | 'upstream'
  /** The caller aborted (the player went away). */
  | 'aborted'
  /** The endpoint answered something that is not an OpenAI-compatible stream. */
  | 'protocol';

export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelError';
  }
}
