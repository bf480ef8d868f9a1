import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS, type CallBodyInput, type PlayState } from '@taleforge/contracts';
import { Story } from 'inkjs';
import { Compiler, CompilerOptions } from 'inkjs/full';
import { expect } from 'vitest';
import { buildSession } from './factories.js';
import { api } from './http.js';
import type { TestServer } from './server.js';

/** Public ink kept as test material (see fixtures/ink/README.md). */
export const PUBLIC_INK = fileURLToPath(new URL('../fixtures/ink/', import.meta.url));

/** A line or an option with the ink tags it carries (none of these stories uses ours). */
export interface Tagged {
  text: string;
  tags: string[];
}

/** One step as a player sees it: the lines up to the next choice, and that choice's options. */
export interface Passage {
  lines: Tagged[];
  choices: Tagged[];
}

/** Which option to take at step `step` of `count`: spread over the options, the same for both players. */
export const pick = (step: number, count: number) => (step * 7 + 3) % count;

/**
 * A work as an author would hand it over: the story's folder, every .ink file in it by its path
 * relative to that folder (INCLUDE names files that way).
 */
export function readWork(mainPath: string): { main: string; files: Record<string, string> } {
  const dir = path.join(PUBLIC_INK, path.dirname(mainPath));
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (name.endsWith('.ink')) {
      files[name.split(path.sep).join('/')] = readFileSync(path.join(dir, name), 'utf8');
    }
  }
  return { main: path.basename(mainPath), files };
}

/**
 * The same story played by plain inkjs, as any ink player would: compiled with its files, run
 * with ink fallbacks for its externals, each line trimmed and blank ones left out.
 */
export function playWithInkjs(
  work: { main: string; files: Record<string, string> },
  maxSteps: number,
): Passage[] {
  const handler = {
    ResolveInkFilename: (name: string) => name,
    LoadInkFileContents: (name: string) => work.files[name] ?? '',
  };
  const compiler = new Compiler(
    work.files[work.main]!,
    new CompilerOptions(work.main, [], false, null, handler),
  );
  return playCompiled(compiler.Compile().ToJson()!, maxSteps);
}

/** Compiled ink played by plain inkjs: the same choices every time, lines trimmed. */
export function playCompiled(json: string, maxSteps: number): Passage[] {
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

/** Plays a published work through the API, taking the same options as `playWithInkjs`. */
export async function playThroughApi(
  server: TestServer,
  gameId: number,
  maxSteps: number,
): Promise<Passage[]> {
  const { token } = await buildSession(server.database.db);
  const send = async (body: CallBodyInput<typeof CALLS.gameEvent>) => {
    const answer = await api(server, CALLS.gameEvent, { token, body });
    expect(answer.status, answer.desc).toBe(200);
    return answer.data as PlayState;
  };
  let state = await send({ type: 'start', game_id: gameId });
  const passages: Passage[] = [];
  for (let step = 0; step < maxSteps; step++) {
    const choices = state.choices.map((c) => ({ text: c.text, tags: c.tags ?? [] }));
    passages.push({
      lines: state.lines.map((l) => ({ text: l.text, tags: l.tags ?? [] })),
      choices,
    });
    if (state.chapter_ended || choices.length === 0) break;
    const index = state.choices[pick(step, choices.length)]!.index;
    state = await send({ type: 'choose', game_id: gameId, seq: state.seq, choice_index: index });
  }
  return passages;
}
