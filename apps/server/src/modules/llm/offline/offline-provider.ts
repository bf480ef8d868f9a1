import type { CharacterPersona, PersonaLine } from '@taleforge/contracts/character-persona';
import type { Locale } from '@taleforge/contracts/constants';
import { evaluateGoal, findGoal, playerTexts } from '../goal.js';
import {
  type ChatTurn,
  type GoalProposal,
  ModelError,
  type ModelProvider,
  type ReplyEvent,
  type ReplyRequest,
} from '../provider.js';
import { matchesAnyKeyword, normalizeText, pickLocale } from '../text-match.js';
import { detectIntents } from './intents.js';
import { summarizeOffline } from './summarize.js';

interface Choice {
  line: PersonaLine;
  goal: GoalProposal | null;
}

/**
 * The default engine: answers from the character's authored material, no model needed.
 * Order of precedence: the goal (reached, or a step newly met), the creator's keyword cues, the
 * creator's intent cues, a goal hint, the fallback. Among a line's wordings it takes the one the
 * character said least recently, so a long conversation does not loop on one sentence.
 */
export function createOfflineProvider(options: { paceMs?: number } = {}): ModelProvider {
  const paceMs = options.paceMs ?? 0;
  return {
    name: 'offline',
    async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyEvent> {
      const { line, goal } = chooseLine(request);
      const text = pickWording(line, request.locale, request.history);
      let first = true;
      for (const chunk of chunkText(text, request.locale)) {
        // Paced like a model writes, so the reply reads as it streams in.
        if (!first && paceMs > 0) await new Promise((r) => setTimeout(r, paceMs));
        first = false;
        if (signal?.aborted) throw new ModelError('aborted', 'reply aborted');
        yield { type: 'delta', text: chunk };
      }
      yield {
        type: 'final',
        result: { text, expression: line.expression, goal, withheld: false },
      };
    },
    async summarize(request) {
      return summarizeOffline(request);
    },
  };
}

export function chooseLine(request: ReplyRequest): Choice {
  const { persona, history, message } = request;
  const goal = findGoal(persona, request.goalKey);
  let proposal: GoalProposal | null = null;
  if (goal) {
    const before = evaluateGoal(goal, playerTexts(history, message).slice(0, -1));
    const after = evaluateGoal(goal, playerTexts(history, message));
    if (after.reached) proposal = { key: goal.key };
    if (after.reached && !before.reached) return { line: goal.reached, goal: proposal };
    const newStep = after.stepsMet.find((i) => !before.stepsMet.includes(i));
    const stepReply = newStep === undefined ? undefined : goal.steps[newStep]?.reply;
    if (stepReply) return { line: stepReply, goal: proposal };
  }
  const heard = normalizeText(message);
  const cue = findCue(persona, heard);
  if (cue) return { line: cue, goal: proposal };
  if (goal && !proposal && goal.hints.length > 0) {
    return { line: rotate(goal.hints, history), goal: proposal };
  }
  return { line: rotate(persona.fallback, history), goal: proposal };
}

/**
 * A cue with keywords answers when they match (and, if it also names an intent, only when that
 * intent is heard too); a cue with only an intent answers to the intent. Keyword cues win.
 */
function findCue(persona: CharacterPersona, heard: string): PersonaLine | undefined {
  const intents = detectIntents(heard);
  const byKeyword = persona.cues.find(
    (c) =>
      c.keywords &&
      matchesAnyKeyword(heard, c.keywords) &&
      (!c.intent || intents.includes(c.intent)),
  );
  if (byKeyword) return byKeyword;
  for (const intent of intents) {
    const cue = persona.cues.find((c) => c.intent === intent && !c.keywords);
    if (cue) return cue;
  }
  return undefined;
}

/** Lines of one kind (hints, fallbacks) take turns, counted by the character's turns so far. */
function rotate(lines: readonly PersonaLine[], history: readonly ChatTurn[]): PersonaLine {
  const said = history.filter((t) => t.role === 'character').length;
  return lines[said % lines.length] as PersonaLine;
}

function pickWording(line: PersonaLine, locale: Locale, history: readonly ChatTurn[]): string {
  const wordings = line.say.map((s) => pickLocale(s, locale));
  const lastSaid = (w: string) => {
    for (let i = history.length - 1; i >= 0; i--) {
      const turn = history[i] as ChatTurn;
      if (turn.role === 'character' && turn.text === w) return i;
    }
    return -1;
  };
  // Never said beats said long ago beats said just now; ties keep the authored order.
  let best = wordings[0] as string;
  let bestAt = lastSaid(best);
  for (const w of wordings.slice(1)) {
    const at = lastSaid(w);
    if (at < bestAt) {
      best = w;
      bestAt = at;
    }
  }
  return best;
}

/** Word-sized pieces, so the offline reply streams the way a model's does. */
export function chunkText(text: string, locale: Locale): string[] {
  const segmenter = new Intl.Segmenter(locale.replace('_', '-'), { granularity: 'word' });
  const chunks: string[] = [];
  let current = '';
  for (const { segment } of segmenter.segment(text)) {
    current += segment;
    if (current.length >= 6) {
      chunks.push(current);
      current = '';
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
