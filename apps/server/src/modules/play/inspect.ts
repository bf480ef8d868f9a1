import type { GameDefinition } from './game-definition.js';
import type { ChapterInspection, ContentRefs } from './ink-compiler.js';
import { inspectChapter } from './ink-compiler.js';

// Apart from publishing (which writes to the database), so a story thread loads the compiler
// and nothing of the database to check a work.

/**
 * Compiles every chapter as publishing would, reporting every problem and warning instead of
 * stopping at the first chapter: the studio's compile.
 */
export function inspectGame(def: GameDefinition): ChapterInspection[] {
  const refs = refsOf(def);
  return def.chapters.map((c) =>
    inspectChapter(c.ink, refs, { fileName: c.file, includes: def.inkFiles }),
  );
}

export function refsOf(def: GameDefinition): ContentRefs {
  return {
    npcs: new Set(def.npcs.map((n) => n.key)),
    goals: new Map(def.npcs.map((n) => [n.key, new Set(Object.keys(n.goals ?? {}))])),
    tasks: new Set(def.tasks.map((t) => t.key)),
    scenes: new Set(def.scenes.map((s) => s.key)),
    minigames: new Map(def.minigames.map((m) => [m.key, m.spec.kind])),
  };
}
