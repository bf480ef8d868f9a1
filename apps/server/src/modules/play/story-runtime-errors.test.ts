import { describe, expect, it } from 'vitest';
import { type ContentRefs, compileChapter } from './ink-compiler.js';
import { newPlayerState } from './state.js';
import { applyStep, type SaveData, startChapterSave } from './step.js';
import { InkRuntimeError, type StoryContext, StoryLoopError } from './story-runtime.js';

const refs: ContentRefs = {
  npcs: new Set(),
  goals: new Map(),
  tasks: new Set(),
  scenes: new Set(),
  minigames: new Map(),
};

/**
 * Compiles (the compiler only warns about a loose end), but two paths fail when they run: a
 * tunnel return outside a tunnel, and a knot that runs out of content.
 */
const BROKEN = `The corridor forks.
* [Left] You go left.
  -> left
* [Right] You go right.
  -> right
* [Down] You go down.
  -> down
== left ==
A door, then nothing.
->->
== right ==
A lit room.
+ [Rest] You rest.
  -> END
== down ==
Stairs that end in the dark.
`;

const context: StoryContext = { minigames: {}, locale: 'en_US', random: () => 0.5 };

const choose = (save: SaveData, json: string, index: number) =>
  applyStep(save, { type: 'choose', choice_index: index }, json, context);

function inkError(fn: () => unknown): InkRuntimeError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InkRuntimeError);
    return error as InkRuntimeError;
  }
  throw new Error('expected an ink runtime error');
}

describe("one player's ink error", () => {
  const json = compileChapter(BROKEN, refs);

  it('stops that step with ink’s words and where it began, leaving the save untouched', () => {
    const a = startChapterSave(json, newPlayerState(), context);
    const before = structuredClone(a);
    const error = inkError(() => choose(a, json, 0));
    expect(error.inkErrors).toEqual([
      expect.stringMatching(/Found tunnel onwards statement \(->->\)/),
    ]);
    expect(error.inkPath).toMatch(/^left\b/);
    expect(a).toEqual(before);

    const loose = inkError(() => choose(a, json, 2));
    expect(loose.inkErrors).toEqual([expect.stringMatching(/ran out of content/)]);
    expect(a).toEqual(before);
  });

  it('leaves nothing behind for the next player on the same story', () => {
    const a = startChapterSave(json, newPlayerState(), context);
    const b = startChapterSave(json, newPlayerState(), context);
    inkError(() => choose(a, json, 0));

    const next = choose(b, json, 1);
    expect(next.view.lines.map((l) => l.text.en_US)).toEqual(['You go right.', 'A lit room.']);
    expect(next.view.choices.map((c) => c.text.en_US)).toEqual(['Rest']);
    expect(choose(next, json, 0).view.chapterEnded).toBe(true);

    // A new player starts cleanly too, and the one who failed can take another way.
    const c = startChapterSave(json, newPlayerState(), context);
    expect(c.view.choices.map((x) => x.text.en_US)).toEqual(['Left', 'Right', 'Down']);
    inkError(() => choose(c, json, 2));
    expect(choose(a, json, 1).view.lines[0]!.text.en_US).toBe('You go right.');
  });
});

describe('a story that loops without text', () => {
  // Compiles without an error or a warning; ink's own Continue() would never return.
  const json = compileChapter('Hello\n-> a\n=== a ===\n-> a\n', refs);

  it('stops the step within the line budget instead of holding the process', () => {
    expect(() => startChapterSave(json, newPlayerState(), context)).toThrow(StoryLoopError);
  });
});
