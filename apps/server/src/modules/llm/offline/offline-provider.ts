import type {
  CharacterPersona,
  Intent,
  LocalizedLine,
  PersonaLine,
} from '@taleforge/contracts/character-persona';
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
import { containsKeyword, matchesAnyKeyword, normalizeText, pickLocale } from '../text-match.js';
import { detectIntents } from './intents.js';
import { findFact, findInStory, termsOf } from './knowledge.js';
import { summarizeOffline } from './summarize.js';
import { UNKNOWN_LINES } from './unknown-lines.js';

interface Choice {
  line: PersonaLine;
  goal: GoalProposal | null;
}

/**
 * The default engine: answers from the character's authored material, no model needed.
 * Order of precedence: the goal (reached, or a step newly met), the creator's keyword cues (unless
 * a fact answers the question better), the creator's intent cues, a fact the message asks about,
 * a line of the story so far it asks about, then for a question nothing answers: the creator's
 * `question` cue, else the character saying plainly they do not know; otherwise a goal hint, the
 * fallback. Among a line's wordings it takes the one the
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
  const { persona, history, message, locale } = request;
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
  const intents = detectIntents(heard);
  const asked = intents.includes('question');
  const terms = termsOf(message);
  const fact = findFact(persona, terms, locale);
  const choose = (line: PersonaLine): Choice => ({ line, goal: proposal });

  // A fact that shares more with a question than a cue's keywords do answers it better.
  const cue = findKeywordCue(persona, heard, intents);
  if (cue && !(asked && fact && fact.score > cue.hits)) return choose(cue.line);
  const intentCue = findIntentCue(
    persona,
    intents.filter((i) => i !== 'question'),
  );
  if (intentCue) return choose(intentCue);
  // Unasked, a fact must share two terms: "nice coil" is not a question about the coil.
  if (fact && (asked || fact.score >= 2)) return choose(spoken(fact.text, 'normal'));
  if (asked) {
    const seen = findInStory(request.storySoFar, terms, locale);
    if (seen) return choose(spoken(seen.text, 'observe'));
    const questionCue = findIntentCue(persona, ['question']);
    if (questionCue) return choose(questionCue);
    // Nothing the character knows answers it: they say so, and point to the goal if one is open.
    const unknown = rotate(persona.unknown.length ? persona.unknown : UNKNOWN_LINES, history);
    const hint = goal && !proposal && goal.hints.length > 0 ? rotate(goal.hints, history) : null;
    return choose(hint ? followedBy(unknown, hint) : unknown);
  }
  if (goal && !proposal && goal.hints.length > 0) return choose(rotate(goal.hints, history));
  return choose(rotate(persona.fallback, history));
}

/**
 * The first keyword cue whose keywords match (and, if it also names an intent, only when that
 * intent is heard too), with how many of its keywords the message holds.
 */
function findKeywordCue(
  persona: CharacterPersona,
  heard: string,
  intents: readonly Intent[],
): { line: PersonaLine; hits: number } | undefined {
  const cue = persona.cues.find(
    (c) =>
      c.keywords &&
      matchesAnyKeyword(heard, c.keywords) &&
      (!c.intent || intents.includes(c.intent)),
  );
  if (!cue?.keywords) return undefined;
  const words = Object.values(cue.keywords).flatMap((w) => w ?? []);
  return { line: cue, hits: new Set(words.filter((w) => containsKeyword(heard, w))).size };
}

/** A cue for the first of these intents the persona answers (most specific first). */
function findIntentCue(
  persona: CharacterPersona,
  intents: readonly Intent[],
): PersonaLine | undefined {
  for (const intent of intents) {
    const cue = persona.cues.find((c) => c.intent === intent && !c.keywords);
    if (cue) return cue;
  }
  return undefined;
}

/** Text already in the player's language, as a line of its own. */
function spoken(text: string, expression: PersonaLine['expression']): PersonaLine {
  return { say: [{ en_US: text, zh_CN: text, ja_JP: text }], expression };
}

/** One line and then another, each wording of the first followed by the second's first. */
function followedBy(first: PersonaLine, then: PersonaLine): PersonaLine {
  const next = then.say[0] as LocalizedLine;
  const join = (a: string, b: string) => (/[\p{Script=Latin}.!?…]$/u.test(a) ? `${a} ${b}` : a + b);
  return {
    expression: first.expression,
    say: first.say.map((w) => ({
      en_US: join(w.en_US, next.en_US),
      zh_CN: join(pickLocale(w, 'zh_CN'), pickLocale(next, 'zh_CN')),
      ja_JP: join(pickLocale(w, 'ja_JP'), pickLocale(next, 'ja_JP')),
    })),
  };
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
