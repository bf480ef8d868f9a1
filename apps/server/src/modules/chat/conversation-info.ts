import type { ConversationInfo } from '@taleforge/contracts';
import type { CharacterPersona } from '@taleforge/contracts/character-persona';
import type { ChatEngine, Expression, Locale } from '@taleforge/contracts/constants';
import { evaluateGoal, findGoal, pickLocale } from '../llm/index.js';
import { replyPrice } from './reply-price.js';

export interface ConversationFacts {
  gameId: number;
  npcId: number;
  /** The NPC's portrait from the game's content (the persona holds no art). */
  portrait: string;
  persona: CharacterPersona;
  locale: Locale;
  engine: ChatEngine;
  /** The goal the story set for this conversation, if any. */
  goalKey: string | null;
  /** The face of the character's latest reply; null before the first one. */
  lastExpression: Expression | null;
}

/** Conversation info v1 (SPEC §7) from the persona and what the story and history say. */
export function toConversationInfo(facts: ConversationFacts): ConversationInfo {
  const { persona, locale } = facts;
  const goal = findGoal(persona, facts.goalKey);
  return {
    game_id: facts.gameId,
    npc_id: facts.npcId,
    name: pickLocale(persona.name, locale),
    portrait: facts.portrait,
    greeting: pickLocale(persona.greeting.say[0] ?? { en_US: '' }, locale),
    expression: facts.lastExpression ?? persona.greeting.expression,
    goal: goal ? { key: goal.key, text: pickLocale(goal.description, locale) } : null,
    price_gems: replyPrice(facts.engine),
    engine: facts.engine,
  };
}

/** v2's goal progress, 0–100: the share of goal steps the player's own words have met. */
export function goalProgress(
  persona: CharacterPersona,
  goalKey: string | null,
  playerTexts: readonly string[],
): number | null {
  const goal = findGoal(persona, goalKey);
  return goal ? evaluateGoal(goal, playerTexts).percent : null;
}
