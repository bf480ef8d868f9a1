import { InkList, type Story } from 'inkjs';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import { emptyView, newPlayerState } from './state.js';
import { StorySession } from './story-runtime.js';

export interface PreviewInput {
  storyJson: string;
  minigames: Record<string, MinigameSpec>;
  /** Start here (a knot or knot.stitch) instead of the top. */
  knot?: string;
  /** Choice indexes to take, in order, from the start. */
  choices: number[];
}

export interface PreviewResult {
  lines: { text: string; tags: string[] }[];
  choices: { index: number; text: string }[];
  ended: boolean;
  knots: string[];
  variables: Record<string, unknown>;
  path: string | null;
}

/** The place a preview names where something is wrong: which choice, and what was offered. */
export class PreviewError extends Error {}

/**
 * What a preview may write at most, lines and tags together. A studio reads a few hundred lines;
 * a short story replayed through thousands of choices that each write pages would answer tens of
 * megabytes, so a preview past this stops and says so.
 */
export const PREVIEW_MAX_CHARS = 512 * 1024;

export class PreviewTooLongError extends Error {}

/** Every knot and knot.stitch of the story, in the order ink keeps them. */
function knotsOf(story: Story): string[] {
  const out: string[] = [];
  for (const [name, content] of story.mainContentContainer.namedContent) {
    if (name === 'global decl') continue;
    out.push(name);
    const inner = (content as { namedContent?: Map<string, unknown> }).namedContent;
    for (const stitch of inner?.keys() ?? []) out.push(`${name}.${stitch}`);
  }
  return out;
}

function jsonValue(value: unknown): unknown {
  if (value instanceof InkList) return (value as InkList).toString();
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  return String(value);
}

function variablesOf(story: Story): Record<string, unknown> {
  const state = story.variablesState as unknown as { _globalVariables: Map<string, unknown> };
  const names = [...state._globalVariables.keys()];
  return Object.fromEntries(names.map((n) => [n, jsonValue(story.variablesState.$(n))]));
}

/** ink's path without the positions inside a container: `harbour.night.0.12` → `harbour.night`. */
function placeOf(story: Story): string | null {
  const raw = story.state.currentPathString ?? story.state.previousPathString;
  if (!raw) return null;
  const named = raw
    .split('.')
    .filter((part: string) => !/^\d+$/.test(part) && !part.startsWith('c-'));
  return named.length ? named.join('.') : null;
}

/**
 * Plays a chapter from the top (or from a knot) through the given choices with the same runtime
 * players have, on a fresh player state; nothing is kept. A mini-game on the way counts as won
 * and an offered conversation as not reached, so the creator sees the story go on.
 */
export function previewStory(input: PreviewInput): PreviewResult {
  const lines: PreviewResult['lines'] = [];
  let written = 0;
  const context = {
    minigames: input.minigames,
    locale: 'en_US',
    random: Math.random,
    onLine: (text: string, tags: string[]) => {
      if (!text && !tags.length) return;
      written += text.length + tags.reduce((sum, tag) => sum + tag.length, 0);
      if (written > PREVIEW_MAX_CHARS) throw new PreviewTooLongError(`${written} characters`);
      lines.push({ text, tags: [...tags] });
    },
  };
  const session = new StorySession(input.storyJson, null, newPlayerState(), emptyView(), context);
  if (input.knot) {
    try {
      session.story.ChoosePathString(input.knot);
    } catch {
      throw new PreviewError(`no knot "${input.knot}"`);
    }
  }
  const settle = () => {
    for (let guard = 0; guard < 100; guard++) {
      if (session.view.minigame) session.finishMinigame(true);
      else if (session.view.conversation) session.continueAfterConversation(false);
      else return;
    }
  };
  session.run();
  settle();
  for (const [step, index] of input.choices.entries()) {
    if (!session.view.choices.some((c) => c.index === index)) {
      throw new PreviewError(`choice ${step + 1}: no option ${index}`);
    }
    session.choose(index);
    settle();
  }
  return {
    lines,
    choices: session.view.choices.map((c) => ({ index: c.index, text: c.text.en_US })),
    ended: session.view.chapterEnded,
    knots: knotsOf(session.story),
    variables: variablesOf(session.story),
    path: placeOf(session.story),
  };
}
