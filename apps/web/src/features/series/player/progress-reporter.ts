import { SERIES_LIMITS } from '@taleforge/contracts/constants';

export type ProgressReport = { episode_id: number; position_ms: number; completed: boolean };

type Clock = {
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
};

/**
 * When the player tells the server where it is: every `progressEveryMs` while playing, on pause,
 * at the end and when it closes or moves to another episode. The same position is not sent twice
 * in a row. Without a session (nobody to save it for) nothing is sent.
 */
export function createProgressReporter(options: {
  episodeId: number;
  durationMs: number;
  read: () => number;
  send: (report: ProgressReport) => void;
  canSave: () => boolean;
  everyMs?: number;
  clock?: Clock;
}) {
  const everyMs = options.everyMs ?? SERIES_LIMITS.progressEveryMs;
  const clock: Clock = options.clock ?? {
    setInterval: (run, ms) => globalThis.setInterval(run, ms),
    clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
  };
  let timer: unknown = null;
  let lastSent: string | null = null;

  const report = (ended = false) => {
    if (!options.canSave()) return;
    const position = Math.max(0, Math.round(options.read()));
    const completed =
      ended ||
      (options.durationMs > 0 && options.durationMs - position <= SERIES_LIMITS.completeWithinMs);
    const key = `${position}:${completed}`;
    if (key === lastSent) return;
    lastSent = key;
    options.send({ episode_id: options.episodeId, position_ms: position, completed });
  };
  const stopTimer = () => {
    if (timer !== null) clock.clearInterval(timer);
    timer = null;
  };

  return {
    playing() {
      if (timer === null) timer = clock.setInterval(() => report(), everyMs);
    },
    paused() {
      stopTimer();
      report();
    },
    ended() {
      stopTimer();
      report(true);
    },
    /** The player closes or leaves this episode: the last word, and no more timers. */
    stop() {
      stopTimer();
      report();
    },
  };
}
