import { readFileSync } from 'node:fs';
import { Story } from 'inkjs';
import { AppError } from '../../src/platform/http/app-error.js';
import { type Passage, pick, type Tagged } from './public-ink.js';

/** Test material by its path under test/fixtures/. */
export const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));

/** The status and detail a call is refused with; fails the test when it is not refused. */
export async function refusal(run: () => unknown): Promise<{ status: number; detail?: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error('expected a refusal, but it went through');
}

/** Compiled ink played as `playWithInkjs` plays source: the same choices, lines trimmed. */
export function playJson(json: string, maxSteps: number): Passage[] {
  const story = new Story(json);
  story.allowExternalFunctionFallbacks = true;
  const passages: Passage[] = [];
  for (let step = 0; step < maxSteps; step++) {
    const lines: Tagged[] = [];
    while (story.canContinue) {
      const text = (story.Continue() ?? '').trim();
      if (text) lines.push({ text, tags: story.currentTags ?? [] });
    }
    const choices = story.currentChoices.map((c: { text: string; tags: string[] | null }) => ({
      text: c.text,
      tags: c.tags ?? [],
    }));
    passages.push({ lines, choices });
    if (choices.length === 0) break;
    story.ChooseChoiceIndex(pick(step, choices.length));
  }
  return passages;
}
