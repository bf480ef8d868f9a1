import { EXPRESSIONS, ITEM_KEYS, SCRIPT_TYPES } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { loadDemoGames } from './demo-content.js';
import { compileChapter } from './ink-compiler.js';
import { portraitSvg } from './portrait.js';
import { newPlayerState } from './state.js';
import { applyStep, type SaveData, startChapterSave } from './step.js';

describe('demo works', async () => {
  const games = await loadDemoGames();

  it('has at least four games in different script types, each with three chapters or more', () => {
    expect(games.length).toBeGreaterThanOrEqual(4);
    expect(new Set(games.map((g) => g.scriptType)).size).toBe(games.length);
    for (const game of games) {
      expect(SCRIPT_TYPES).toContain(game.scriptType);
      expect(game.chapters.length).toBeGreaterThanOrEqual(3);
      expect(game.chapters[0]!.priceGems).toBe(0);
      for (const later of game.chapters.slice(1)) expect(later.priceGems).toBeGreaterThan(0);
      expect(game.npcs.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('compiles every chapter, and uses every mini-game and every item somewhere', () => {
    const kinds = new Set<string>();
    const items = new Set<string>();
    for (const game of games) {
      const refs = {
        npcs: new Set(game.npcs.map((n) => n.key)),
        goals: new Map(game.npcs.map((n) => [n.key, new Set(Object.keys(n.goals ?? {}))])),
        tasks: new Set(game.tasks.map((t) => t.key)),
        scenes: new Set(game.scenes.map((s) => s.key)),
        minigames: new Map(game.minigames.map((m) => [m.key, m.spec.kind])),
      };
      for (const chapter of game.chapters) {
        expect(
          () => compileChapter(chapter.ink, refs),
          `${game.slug}: ${chapter.title.en_US}`,
        ).not.toThrow();
        for (const m of chapter.ink.matchAll(/#minigame:(\w+):/g)) kinds.add(m[1]!);
        for (const m of chapter.ink.matchAll(/#item_gain:(\w+)/g)) items.add(m[1]!);
      }
    }
    expect([...kinds].sort()).toEqual(['dice', 'puzzle', 'word']);
    expect([...items].sort()).toEqual([...ITEM_KEYS].sort());
  });

  it('translates every line and choice into Chinese and Japanese', () => {
    for (const game of games) {
      for (const chapter of game.chapters) {
        chapter.ink.split('\n').forEach((line, i) => {
          const text = line.replace(/\/\/.*$/, '').trim();
          // Lines that show text: everything but logic, diverts, knots, declarations and braces.
          if (!text || /^(VAR|EXTERNAL|->|==|~|\{|\}|- else:?\s*$|-\s*$)/.test(text)) return;
          const shown = text.replace(/^[-*]\s*(\{[^}]*\}\s*)?/, '').replace(/^else:\s*/, '');
          if (!shown || shown.startsWith('->') || shown.startsWith('#')) return;
          const where = `${game.slug} ${chapter.title.en_US} line ${i + 1}`;
          expect(line, where).toMatch(/#zh:/);
          expect(line, where).toMatch(/#ja:/);
        });
      }
    }
  });

  it('draws a portrait for all twelve expressions of every character', () => {
    for (const npc of games.flatMap((g) => g.npcs)) {
      const drawn = new Set(EXPRESSIONS.map((e) => portraitSvg(npc.face, e)));
      expect(drawn.size).toBe(12);
    }
  });

  it('plays every chapter to its end along every first and last choice, in three languages', () => {
    for (const game of games) {
      const refs = {
        npcs: new Set(game.npcs.map((n) => n.key)),
        goals: new Map(game.npcs.map((n) => [n.key, new Set(Object.keys(n.goals ?? {}))])),
        tasks: new Set(game.tasks.map((t) => t.key)),
        scenes: new Set(game.scenes.map((s) => s.key)),
        minigames: new Map(game.minigames.map((m) => [m.key, m.spec.kind])),
      };
      for (const pick of ['first', 'last'] as const) {
        let state = newPlayerState();
        for (const chapter of game.chapters) {
          const json = compileChapter(chapter.ink, refs);
          let n = 0;
          const random = () => (n++ * 0.37) % 1;
          const context = {
            minigames: Object.fromEntries(game.minigames.map((m) => [m.key, m.spec])),
            locale: 'en_US',
            random,
          };
          let save: SaveData = startChapterSave(json, state, context);
          for (let steps = 0; !save.view.chapterEnded; steps++) {
            expect(steps, `${game.slug} ${chapter.title.en_US} loops`).toBeLessThan(100);
            for (const line of save.view.lines) {
              expect(line.text.zh_CN, line.text.en_US).toBeTruthy();
              expect(line.text.ja_JP, line.text.en_US).toBeTruthy();
            }
            const { view } = save;
            const mini = view.minigame;
            let event: Parameters<typeof applyStep>[1];
            if (mini?.kind === 'puzzle')
              event = { type: 'minigame_move', move: { slots: mini.solution } };
            else if (mini?.kind === 'dice')
              event = { type: 'minigame_move', move: { action: 'roll' } };
            else if (mini?.kind === 'word')
              event = {
                type: 'minigame_move',
                move: { guess: pick === 'first' ? mini.answer : 'nope' },
              };
            else if (view.conversation) event = { type: 'continue' };
            else {
              expect(
                view.choices.length,
                `${chapter.title.en_US}: a step with nothing to do`,
              ).toBeGreaterThan(0);
              const choice = pick === 'first' ? view.choices[0]! : view.choices.at(-1)!;
              event = { type: 'choose', choice_index: choice.index };
            }
            save = applyStep(save, event, json, context);
          }
          expect(save.view.summary).not.toBeNull();
          state = save.state;
        }
        expect(state.stats.stars, `${game.slug} stars`).toBeGreaterThan(0);
        expect(Object.values(state.tasks).every(Boolean), `${game.slug} tasks`).toBe(true);
      }
    }
  });
});
