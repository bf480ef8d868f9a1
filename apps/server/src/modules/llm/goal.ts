import type { CharacterPersona, PersonaGoal } from '@taleforge/contracts/character-persona';
import type { ChatTurn, GoalProposal } from './provider.js';
import { matchesAnyKeyword, normalizeText } from './text-match.js';

export interface GoalProgress {
  key: string;
  /** Indexes of the steps the player has met, in step order. */
  stepsMet: number[];
  /** 0–100, whole percent. */
  percent: number;
  reached: boolean;
}

export function findGoal(persona: CharacterPersona, key: string | null): PersonaGoal | null {
  if (!key) return null;
  return persona.goals.find((g) => g.key === key) ?? null;
}

/**
 * Which steps of a goal the player's own words have met. Only the player's messages count: a
 * character (or a model) saying the words does not move the story.
 */
export function evaluateGoal(goal: PersonaGoal, playerTexts: readonly string[]): GoalProgress {
  const normalized = playerTexts.map(normalizeText);
  const stepsMet: number[] = [];
  goal.steps.forEach((step, i) => {
    if (normalized.some((t) => matchesAnyKeyword(t, step.keywords))) stepsMet.push(i);
  });
  return {
    key: goal.key,
    stepsMet,
    percent: Math.floor((stepsMet.length * 100) / goal.steps.length),
    reached: stepsMet.length === goal.steps.length,
  };
}

export function playerTexts(history: readonly ChatTurn[], message: string): string[] {
  return [...history.filter((t) => t.role === 'player').map((t) => t.text), message];
}

/**
 * The only way a reply can move the story: a proposal naming the goal the story set, confirmed
 * by the player's own words. Anything else — another key, no active goal, steps unmet — is
 * dropped, however the model was talked into proposing it.
 */
export function checkGoalProposal(
  proposal: GoalProposal | null,
  persona: CharacterPersona,
  activeGoalKey: string | null,
  texts: readonly string[],
): GoalProposal | null {
  if (!proposal || !activeGoalKey || proposal.key !== activeGoalKey) return null;
  const goal = findGoal(persona, activeGoalKey);
  if (!goal) return null;
  return evaluateGoal(goal, texts).reached ? { key: goal.key } : null;
}
