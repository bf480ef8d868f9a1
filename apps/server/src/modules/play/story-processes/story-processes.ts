import { availableParallelism } from 'node:os';
import { STATUS } from '@taleforge/contracts/status';
import Tinypool from 'tinypool';
import { AppError } from '../../../platform/http/app-error.js';
import type { GameDefinition } from '../game-definition.js';
import type { ChapterInspection } from '../ink-compiler.js';
import type { PreviewResult } from '../story-preview.js';
import type { StoryTask, StoryTaskFailure, StoryTaskResult } from './tasks.js';

/**
 * How long one task may run before its process is stopped: a real work compiles in well under a
 * second and a preview replays in milliseconds; a compile gets more, a large work being large.
 */
export const STORY_BUDGET_MS = { inspect: 10_000, preview: 5_000 } as const;

/** Tasks that may wait for a process; past this a call is refused at once (6521). */
const MAX_WAITING = 4;

/** Each story process's heap. */
const PROCESS_HEAP_MB = 512;

/** Studio tasks are occasional: two processes at most, one on a machine of two cores. */
const MAX_PROCESSES = 2;

export interface StoryProcesses {
  /** Every chapter of a work compiled and checked, as publishing would. */
  inspect(def: GameDefinition): Promise<ChapterInspection[]>;
  /** `def` holds the one chapter to play, from its top (or `knot`) through `choices`. */
  preview(input: { def: GameDefinition; knot?: string; choices: number[] }): Promise<PreviewResult>;
  close(): Promise<void>;
}

// From the sources (tests, `npm run dev`) a story process loads TypeScript as this one does.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url).href;

function refusalOf(failure: StoryTaskFailure): AppError {
  switch (failure.failed) {
    case 'runs-on':
      return new AppError(STATUS.STUDIO_STORY_RUNS_ON, failure.detail);
    case 'too-long':
      return new AppError(STATUS.STUDIO_PREVIEW_TOO_LONG);
    case 'bad-input':
      return new AppError(STATUS.INVALID_PARAMS, failure.detail);
    case 'no-chapter':
    case 'ink-error':
      return new AppError(STATUS.STUDIO_STORY_HAS_ERRORS, failure.detail || undefined);
  }
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
/** The story's process ended under it: out of memory, or a value past what V8 can hold. */
const hasDied = (error: unknown) =>
  error instanceof Error && /exited unexpectedly|terminated/i.test(error.message);

/**
 * The processes that run creators' stories: the studio's compiles and previews, and the compile
 * that gates a publish. What a creator writes decides how long ink runs, so it never runs on the
 * event loop that answers everyone else (issue 41): each task has a time budget counted from
 * when a process takes it, past which the process is stopped and replaced; a full queue is refused
 * at once rather than growing. Started on first use, so processes that never compile never
 * start them; a process is ready (its modules loaded) before any budget starts counting.
 */
export function createStoryProcesses(
  options: { processes?: number; budgetMs?: Partial<typeof STORY_BUDGET_MS> } = {},
): StoryProcesses {
  const budget = { ...STORY_BUDGET_MS, ...options.budgetMs };
  const processes =
    options.processes ?? Math.min(MAX_PROCESSES, Math.max(1, availableParallelism() - 1));
  let pool: Tinypool | undefined;
  let ready: Promise<unknown> | undefined;
  let closed = false;

  function started(): Promise<Tinypool> {
    if (closed) throw new Error('the story processes are closed');
    if (!pool) {
      pool = new Tinypool({
        filename: WORKER,
        // Processes, not threads: a story can make V8 give up on a string or an array (a text
        // doubled in a loop), which ends the whole process it runs in. Here that is its own.
        runtime: 'child_process',
        serialization: 'advanced',
        minThreads: processes,
        maxThreads: processes,
        maxQueue: MAX_WAITING,
        idleTimeout: Number.POSITIVE_INFINITY,
        execArgv: [
          `--max-old-space-size=${PROCESS_HEAP_MB}`,
          ...(FROM_SOURCE ? ['--import', 'tsx', '--conditions=taleforge-source'] : []),
        ],
      });
      ready = pool.run({ kind: 'start' } satisfies StoryTask);
      // A start that failed is tried again by the next call.
      ready.catch(() => {
        ready = undefined;
        void pool?.destroy();
        pool = undefined;
      });
    }
    const current = pool;
    return ready!.then(() => current);
  }

  async function run(
    task: Exclude<StoryTask, { kind: 'start' }>,
    retried = false,
  ): Promise<StoryTaskResult> {
    const pool = await started();
    if (pool.queueSize >= MAX_WAITING) throw new AppError(STATUS.STUDIO_STORY_BUSY);
    try {
      return (await pool.run(task, {
        signal: AbortSignal.timeout(budget[task.kind]),
      })) as StoryTaskResult;
    } catch (error) {
      if (isTimeout(error)) throw new AppError(STATUS.STUDIO_STORY_TOO_SLOW);
      // A process that ended may have been ended by the task before, not this one (its death is
      // reported to whatever it held next): once more on a fresh process tells them apart.
      if (hasDied(error) && !retried) return run(task, true);
      if (hasDied(error)) throw new AppError(STATUS.STUDIO_STORY_RUNS_ON, 'it stopped its process');
      throw error;
    }
  }

  return {
    async inspect(def) {
      const result = await run({ kind: 'inspect', def });
      if ('failed' in result) throw refusalOf(result);
      if (!('inspections' in result)) throw new Error('an inspection answered something else');
      return result.inspections;
    },
    async preview({ def, knot, choices }) {
      const result = await run({ kind: 'preview', def, knot, choices });
      if ('failed' in result) throw refusalOf(result);
      if (!('preview' in result)) throw new Error('a preview answered something else');
      return result.preview;
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
