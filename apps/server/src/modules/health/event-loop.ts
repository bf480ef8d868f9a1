import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How finely the delay is sampled: fine enough to see a 20 ms stall, cheap enough to leave on. */
const RESOLUTION_MS = 10;
/** The window the figures cover: a stall is reported for up to this long after it. */
export const EVENT_LOOP_WINDOW_MS = 60_000;

export interface EventLoopDelay {
  /** The delay within the current window (p99 and worst, in ms). */
  read(): { p99Ms: number; maxMs: number };
  stop(): void;
}

/**
 * How late the event loop runs what is due: everything any player asks waits behind whatever
 * holds it. The readiness probe reports it (issue 41), so a node stalled by one request's work
 * shows as slow before its players say so; /metrics has the process's own figures. A sample is
 * taken when the loop gets back to its timers, so reading never resets the window (a read just
 * after a stall would lose it): the window turns over on its own.
 */
export function watchEventLoopDelay(): EventLoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const turnOver = setInterval(() => histogram.reset(), EVENT_LOOP_WINDOW_MS);
  turnOver.unref();
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  return {
    read: () =>
      histogram.count === 0
        ? { p99Ms: 0, maxMs: 0 }
        : { p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) },
    stop() {
      clearInterval(turnOver);
      histogram.disable();
    },
  };
}
