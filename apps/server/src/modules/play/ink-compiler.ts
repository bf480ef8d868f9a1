import { STATUS } from '@taleforge/contracts/status';
import { Compiler } from 'inkjs/full';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { parseTag, TagError } from './tags.js';

/** What a chapter's tags may refer to. */
export interface ContentRefs {
  npcs: Set<string>;
  /** npc key → goal keys */
  goals: Map<string, Set<string>>;
  tasks: Set<string>;
  scenes: Set<string>;
  minigames: Map<string, MinigameSpec['kind']>;
}

/** Tags as written in the source: from `#` to the next `#`, `]` or end of line. */
function sourceTags(source: string): { tag: string; line: number }[] {
  const out: { tag: string; line: number }[] = [];
  source.split('\n').forEach((text, i) => {
    const code = text.replace(/\/\/.*$/, '');
    for (const match of code.matchAll(/#([^#\n\]]*)/g)) {
      const tag = match[1]!.trim();
      if (tag) out.push({ tag, line: i + 1 });
    }
  });
  return out;
}

function checkRefs(source: string, refs: ContentRefs): string[] {
  const errors: string[] = [];
  for (const { tag, line } of sourceTags(source)) {
    try {
      const t = parseTag(tag);
      const missing = (what: string, key: string) =>
        errors.push(`line ${line}: unknown ${what} "${key}"`);
      if (t.kind === 'speaker' && t.npc !== 'player' && !refs.npcs.has(t.npc))
        missing('character', t.npc);
      if ((t.kind === 'npc_stat' || t.kind === 'portrait') && !refs.npcs.has(t.npc))
        missing('character', t.npc);
      if ((t.kind === 'task_start' || t.kind === 'task_done') && !refs.tasks.has(t.key))
        missing('task', t.key);
      if (t.kind === 'scene' && !refs.scenes.has(t.key)) missing('scene', t.key);
      if (t.kind === 'minigame' && refs.minigames.get(t.key) !== t.game)
        missing(`${t.game} mini-game`, t.key);
      if (t.kind === 'chat' && !refs.goals.get(t.npc)?.has(t.goal))
        missing(`goal of ${t.npc}`, t.goal);
    } catch (error) {
      if (error instanceof TagError) errors.push(`line ${line}: ${error.message}`);
      else throw error;
    }
  }
  return errors;
}

/**
 * Compiles a chapter's ink and checks every tag against the game's content. Malformed ink or a tag
 * naming something that does not exist is refused with the author's line numbers.
 */
export function compileChapter(source: string, refs: ContentRefs): string {
  const compiler = new Compiler(source);
  let json: string | undefined;
  try {
    json = compiler.Compile().ToJson();
  } catch {
    // The compiler's messages are in `errors`; the thrown error only says it failed.
  }
  const errors = [...(compiler.errors ?? []), ...(json ? checkRefs(source, refs) : [])];
  if (!json || errors.length > 0) {
    throw new AppError(STATUS.STORY_INVALID, errors.slice(0, 5).join('; ') || 'no story produced');
  }
  return json;
}
