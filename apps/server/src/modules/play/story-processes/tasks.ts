import type { GameDefinition } from '../game-definition.js';
import type { ChapterInspection } from '../ink-compiler.js';
import { inspectGame } from '../inspect.js';
import {
  PreviewError,
  type PreviewResult,
  PreviewTooLongError,
  previewStory,
} from '../story-preview.js';
import { InkRuntimeError, StoryLoopError } from '../story-runtime.js';

/** What a story process is asked: to start, to compile a work's chapters, or to play one. */
export type StoryTask =
  | { kind: 'start' }
  | { kind: 'inspect'; def: GameDefinition }
  | {
      kind: 'preview';
      /** The work with only the chapter to preview. */
      def: GameDefinition;
      knot?: string | undefined;
      choices: number[];
    };

/**
 * Why a task stopped, as data: an Error's class does not survive the trip between processes.
 * `runs-on`: a loop, a flood of lines or too many choices; `too-long`: the preview's output
 * budget; `no-chapter`: it did not compile; `bad-input`: a choice or knot the story lacks;
 * `ink-error`: ink stopped with a runtime error.
 */
export type StoryTaskFailure = {
  failed: 'runs-on' | 'too-long' | 'no-chapter' | 'bad-input' | 'ink-error';
  detail: string;
};

export type StoryTaskResult =
  | { started: true }
  | { inspections: ChapterInspection[] }
  | { preview: PreviewResult }
  | StoryTaskFailure;

function preview(task: Extract<StoryTask, { kind: 'preview' }>): StoryTaskResult {
  const [chapter] = inspectGame(task.def);
  if (!chapter?.storyJson) {
    const first = chapter?.errors[0];
    const where = first ? `${first.file}:${first.line ?? 0}: ${first.message}` : '';
    return { failed: 'no-chapter', detail: where };
  }
  const minigames = Object.fromEntries(task.def.minigames.map((m) => [m.key, m.spec]));
  const input = { storyJson: chapter.storyJson, minigames, choices: task.choices };
  return { preview: previewStory(task.knot === undefined ? input : { ...input, knot: task.knot }) };
}

/** Runs one task in the process it is given to; a fault of the story comes back as a failure. */
export function runStoryTask(task: StoryTask): StoryTaskResult {
  try {
    if (task.kind === 'start') return { started: true };
    if (task.kind === 'inspect') return { inspections: inspectGame(task.def) };
    return preview(task);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // A story that recurses past the stack is a story that runs on, as a loop is.
    if (error instanceof StoryLoopError || error instanceof RangeError) {
      return { failed: 'runs-on', detail };
    }
    if (error instanceof PreviewTooLongError) return { failed: 'too-long', detail };
    if (error instanceof PreviewError) return { failed: 'bad-input', detail };
    if (error instanceof InkRuntimeError) return { failed: 'ink-error', detail };
    throw error;
  }
}
