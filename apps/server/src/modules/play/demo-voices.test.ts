import { describe, expect, it } from 'vitest';
import type { LocalizedText } from '../../platform/db/schema/index.js';
import type { MinigameState } from '../../platform/db/schema/save-state.js';
import { loadDemoGames } from './demo-content.js';
import type { GameDefinition as DemoGame } from './game-definition.js';
import { type ContentRefs, compileChapter } from './ink-compiler.js';
import { newPlayerState } from './state.js';
import { applyStep, type SaveData, type StepEvent, startChapterSave } from './step.js';
import type { StoryContext } from './story-runtime.js';

/**
 * Who the ink says speaks each line of text: the `#speaker` tag on that very source line, or
 * nobody. Keyed by the line's English text as the runtime shows it.
 */
function speakersInSource(ink: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const raw of ink.split('\n')) {
    const code = raw.replace(/\/\/.*$/, '').trim();
    if (!code || /^(VAR|EXTERNAL|->|==|~|\{|\})/.test(code)) continue;
    // Drop gather/choice marks, a choice's condition and its bracketed (choice-only) text.
    const body = code
      .replace(/^([-*+]\s*)+/, '')
      .replace(/^\{[^}]*\}\s*/, '')
      .replace(/^else:\s*/, '')
      .replace(/^[^\]]*\]/, (m) => (code.includes('[') ? '' : m));
    const hash = body.indexOf('#');
    const text = (hash < 0 ? body : body.slice(0, hash)).replace(/->.*$/, '').trim();
    if (!text) continue;
    const speaker = /#\s*speaker:([a-z0-9_]+)/.exec(body)?.[1] ?? null;
    out.set(text, speaker);
  }
  return out;
}

const refsOf = (game: DemoGame): ContentRefs => ({
  npcs: new Set(game.npcs.map((n) => n.key)),
  goals: new Map(game.npcs.map((n) => [n.key, new Set(Object.keys(n.goals ?? {}))])),
  tasks: new Set(game.tasks.map((t) => t.key)),
  scenes: new Set(game.scenes.map((s) => s.key)),
  minigames: new Map(game.minigames.map((m) => [m.key, m.spec.kind])),
});

/** A steady stream of different numbers: puzzle pieces need ids that differ. */
function lcg(seed = 7): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/** Dice where the player rolls 6 and the rival 1 every round (or the other way round). */
const loadedDice = (win: boolean) => {
  let call = 0;
  return () => ((call++ % 2 === 0) === win ? 0.99 : 0);
};

/** Every way on from a save: each choice, a mini-game won and lost, a goal reached or not. */
function nextSaves(save: SaveData, json: string, context: StoryContext): SaveData[] {
  const { view } = save;
  const step = (from: SaveData, event: StepEvent, random = context.random) =>
    applyStep(from, event, json, { ...context, random });
  const mini: MinigameState | null = view.minigame;
  if (mini?.kind === 'puzzle') {
    return [step(save, { type: 'minigame_move', move: { slots: mini.solution } })];
  }
  if (mini?.kind === 'dice') {
    return [true, false].map((win) => {
      let next = save;
      while (next.view.minigame?.kind === 'dice') {
        next = step(next, { type: 'minigame_move', move: { action: 'roll' } }, loadedDice(win));
      }
      return next;
    });
  }
  if (mini?.kind === 'word') {
    let lost = save;
    while (lost.view.minigame?.kind === 'word') {
      lost = step(lost, { type: 'minigame_move', move: { guess: 'nope' } });
    }
    return [step(save, { type: 'minigame_move', move: { guess: mini.answer } }), lost];
  }
  if (view.conversation) {
    return [step(save, { type: 'continue', goalReached: true }), step(save, { type: 'continue' })];
  }
  return view.choices.map((c) => step(save, { type: 'choose', choice_index: c.index }));
}

interface SeenLine {
  text: LocalizedText;
  speaker: string | null;
}

/** Plays every path through a chapter and hands each line shown to `see`. */
function walkChapter(json: string, game: DemoGame, see: (line: SeenLine) => void): number {
  const context: StoryContext = {
    minigames: Object.fromEntries(game.minigames.map((m) => [m.key, m.spec])),
    locale: 'en_US',
    random: lcg(),
  };
  let paths = 0;
  const stack: SaveData[] = [startChapterSave(json, newPlayerState(), context)];
  while (stack.length > 0) {
    const save = stack.pop()!;
    for (const line of save.view.lines) see(line);
    if (save.view.chapterEnded) {
      paths++;
      continue;
    }
    const next = nextSaves(save, json, context);
    expect(next.length, 'a step with nothing to do').toBeGreaterThan(0);
    stack.push(...next);
    expect(paths + stack.length, 'paths explode').toBeLessThan(5_000);
  }
  return paths;
}

describe('the voice of every demo line', async () => {
  const games = await loadDemoGames();

  it('attributes a line to a character only when its own ink says so, on every path', () => {
    let lines = 0;
    for (const game of games) {
      for (const chapter of game.chapters) {
        const json = compileChapter(chapter.ink, refsOf(game));
        const said = speakersInSource(chapter.ink);
        const where = `${game.slug} ${chapter.title.en_US}`;
        const paths = walkChapter(json, game, (line) => {
          lines++;
          const english = line.text.en_US ?? '';
          expect(said.has(english), `${where}: "${english}" not found in the source`).toBe(true);
          expect(line.speaker, `${where}: "${english}"`).toBe(said.get(english));
        });
        expect(paths, where).toBeGreaterThan(1);
      }
    }
    expect(lines).toBeGreaterThan(300);
  });

  /*
   * The ink can be wrong too: narration tagged `#speaker` to show a face read "Mina: The bell over
   * the door jingles…". Narration names its characters or calls them he and she, and speaks to the
   * player as "you"; a character's own line does none of that of itself (`#portrait` shows a face
   * on a narrated line). A heuristic, so it is kept to the signs no demo speech shows.
   */
  it('tags no narration as a character speaking', () => {
    const narration: string[] = [];
    for (const game of games) {
      // "Captain Juno" is "Juno" in the story.
      const names = new Map(game.npcs.map((n) => [n.key, n.name.en_US!.split(' ').at(-1)!]));
      for (const chapter of game.chapters) {
        for (const [text, speaker] of speakersInSource(chapter.ink)) {
          if (!speaker) continue;
          const narrated =
            speaker === 'player'
              ? /^You /.test(text)
              : new RegExp(`(?<!I'm |I am )\\b${names.get(speaker)}\\b`).test(text) ||
                /^((He|She) |You \w+ (her|him)\b)/.test(text) ||
                /^You (step|stay|hold|hug)\b/.test(text);
          if (narrated)
            narration.push(`${game.slug} ${chapter.title.en_US}: ${speaker}: "${text}"`);
        }
      }
    }
    expect(narration).toEqual([]);
  });
});
