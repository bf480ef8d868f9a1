import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a job now and again `intervalMs` after each run ends, until stopped; a failed run is
 * logged and the next one still comes. A run never starts while the one before is going: a slow
 * run (a long sweep, a database that stalls) delays the next instead of piling runs up.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'error'>,
  /** Counts failed runs (the metrics). */
  onFailure?: (name: string) => void,
  /** Until the first run; a job with nothing to do at start (a daily sweep) waits its turn. */
  firstRunAfterMs = 0,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = job()
      .catch((err: unknown) => {
        log.error({ err, job: name }, 'periodic job failed');
        onFailure?.(name);
      })
      .then(() => {
        if (stopped) return;
        timer = setTimeout(run, intervalMs);
        timer.unref();
      });
  };
  if (firstRunAfterMs > 0) {
    timer = setTimeout(run, firstRunAfterMs);
    timer.unref();
  } else run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
