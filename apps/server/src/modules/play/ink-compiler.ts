import path from 'node:path';
import { STATUS } from '@taleforge/contracts/status';
import { Compiler, CompilerOptions, type Story } from 'inkjs/full';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { staticTags } from './ink-tags-scan.js';
import { BOUND_FUNCTIONS } from './story-functions.js';
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

/** Where a chapter's ink comes from: its own file, and the work's other files it may INCLUDE. */
export interface ChapterFiles {
  /** The chapter's file name within the work, for messages; `chapter.ink` when unnamed. */
  fileName?: string;
  /** Path within the work (`/`-separated) → ink source. */
  includes?: Readonly<Record<string, string>>;
}

/** One thing wrong with a chapter, where the author can find it. */
export interface InkProblem {
  file: string;
  line: number | null;
  message: string;
}

/** A chapter that does not compile: status 4014 with the problems, each at its file and line. */
export class StoryCompileError extends AppError {
  constructor(
    readonly problems: InkProblem[],
    mainFile: string,
  ) {
    const where = (p: InkProblem) =>
      [p.file === mainFile ? '' : p.file, p.line === null ? '' : `line ${p.line}`]
        .filter(Boolean)
        .join(' ');
    super(
      STATUS.STORY_INVALID,
      problems
        .slice(0, 5)
        .map((p) => [where(p), p.message].filter(Boolean).join(': '))
        .join('; '),
    );
  }
}

const DEFAULT_FILE = 'chapter.ink';
const COMPILER_MESSAGE =
  /^(?:ERROR|RUNTIME ERROR|WARNING|TODO): (?:'([^']*)' )?(?:line (\d+): )?(.*)$/s;

/** A work's file name as INCLUDE may give it: relative, inside the work, no way out of it. */
function workPath(name: string): string | null {
  const normal = path.posix.normalize(name.trim().replace(/\\/g, '/'));
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../')) return null;
  return normal.replace(/^\.\//, '');
}

function fileHandler(
  mainFile: string,
  main: string,
  includes: Record<string, string>,
  loaded: Record<string, string>,
) {
  return {
    ResolveInkFilename: (name: string) => {
      const inside = workPath(name);
      if (inside === null) throw new Error(`INCLUDE "${name}" points outside this work`);
      return inside;
    },
    LoadInkFileContents: (name: string) => {
      if (name === mainFile) return main;
      const source = includes[name];
      // The compiler reports a thrown error as this file's problem, naming it.
      if (source === undefined) throw new Error(`INCLUDE: no file "${name}" in this work`);
      loaded[name] = source;
      return source;
    },
  };
}

function compilerProblem(message: string, mainFile: string): InkProblem {
  const [, file, line, text] = COMPILER_MESSAGE.exec(message) ?? [];
  return { file: file ?? mainFile, line: line ? Number(line) : null, message: text ?? message };
}

function checkRefs(story: Story, refs: ContentRefs, mainFile: string): InkProblem[] {
  const problems: InkProblem[] = [];
  for (const { text, file, line } of staticTags(story)) {
    const at = { file: file ?? mainFile, line };
    const missing = (what: string, key: string) =>
      problems.push({ ...at, message: `unknown ${what} "${key}"` });
    try {
      const t = parseTag(text);
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
      if (error instanceof TagError) problems.push({ ...at, message: error.message });
      else throw error;
    }
  }
  return problems;
}

/**
 * An EXTERNAL function runs its ink fallback unless the server binds it; one with neither would
 * stop every player who reaches it, so it is refused now, by name.
 */
function checkExternals(story: Story, mainFile: string): InkProblem[] {
  story.allowExternalFunctionFallbacks = true;
  for (const name of BOUND_FUNCTIONS) story.BindExternalFunction(name, () => false, true);
  try {
    story.ValidateExternalBindings();
    return [];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // ink lists them as: externals: 'a', 'b' , and no fallback…
    const names = /externals?: '(.*)'/.exec(detail)?.[1]?.split("', '") ?? [];
    if (names.length === 0) return [{ file: mainFile, line: null, message: detail }];
    return names.map((name) => ({
      file: mainFile,
      line: null,
      message: `EXTERNAL ${name} has no ink fallback: add "=== function ${name}(…)" to the story`,
    }));
  }
}

/** A chapter compiled for the studio: the story when it compiles, and everything ink said. */
export interface ChapterInspection {
  storyJson: string | null;
  /** The files the chapter INCLUDEd, as they were compiled. */
  included: Record<string, string>;
  errors: InkProblem[];
  /** ink's warnings and the author's TODOs: they do not stop publishing. */
  warnings: InkProblem[];
}

/**
 * Compiles a chapter's ink (with the files it INCLUDEs) and checks every tag of our vocabulary
 * against the game's content, and every EXTERNAL for a fallback; every problem is reported at its
 * file and line instead of the first one stopping the rest.
 */
export function inspectChapter(
  source: string,
  refs: ContentRefs,
  files: ChapterFiles = {},
): ChapterInspection {
  const mainFile = files.fileName ?? DEFAULT_FILE;
  const included: Record<string, string> = {};
  const options = new CompilerOptions(
    mainFile,
    [],
    false,
    null,
    fileHandler(mainFile, source, { ...files.includes }, included),
  );
  const compiler = new Compiler(source, options);
  let story: Story | undefined;
  try {
    story = compiler.Compile();
  } catch (error) {
    // The compiler's messages are in `errors`; the thrown error only says it failed, unless a
    // file could not be read.
    if (!compiler.errors?.length) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        storyJson: null,
        included,
        errors: [{ file: mainFile, line: null, message }],
        warnings: [],
      };
    }
  }
  const errors = (compiler.errors ?? []).map((e: string) => compilerProblem(e, mainFile));
  const warnings = [
    ...(compiler.warnings ?? []).map((e: string) => compilerProblem(e, mainFile)),
    ...(compiler.authorMessages ?? []).map((e: string) => {
      const problem = compilerProblem(e, mainFile);
      return { ...problem, message: `TODO: ${problem.message}` };
    }),
  ];
  if (story && errors.length === 0) {
    errors.push(...checkRefs(story, refs, mainFile), ...checkExternals(story, mainFile));
  }
  if (!story && errors.length === 0) {
    errors.push({ file: mainFile, line: null, message: 'no story produced' });
  }
  const storyJson = story && errors.length === 0 ? (story.ToJson() ?? '') : null;
  return { storyJson, included, errors, warnings };
}

/**
 * Compiles a chapter as `inspectChapter` does; malformed ink, a tag naming something that does
 * not exist or an external nothing can run is refused with its file and line.
 */
export function compileChapter(
  source: string,
  refs: ContentRefs,
  files: ChapterFiles = {},
): string {
  const { storyJson, errors } = inspectChapter(source, refs, files);
  if (storyJson === null) throw new StoryCompileError(errors, files.fileName ?? DEFAULT_FILE);
  return storyJson;
}

/** `compileChapter` keeping what the chapter INCLUDEd, which its published version stores. */
export function compileChapterWithIncludes(
  source: string,
  refs: ContentRefs,
  files: ChapterFiles = {},
): { storyJson: string; included: Record<string, string> } {
  const { storyJson, included, errors } = inspectChapter(source, refs, files);
  if (storyJson === null) throw new StoryCompileError(errors, files.fileName ?? DEFAULT_FILE);
  return { storyJson, included };
}
