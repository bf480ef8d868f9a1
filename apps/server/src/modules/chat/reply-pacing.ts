/**
 * How a streaming reply leaves the server. A model writes a token every 10–30 ms; writing each
 * one to the socket and to the database costs a system call and a statement per token per
 * conversation, which at a hundred conversations is most of what the server does. The first
 * delta goes out at once (it is the time to first token); later ones are gathered.
 */

/** Deltas after the first are sent together at most this often: below what a reader notices. */
export const DELTA_BATCH_MS = 40;
/** The stored text trails the stream by at most this much (a reload polls the history). */
export const STORE_INTERVAL_MS = 400;

export interface Pacer {
  /** Takes the next piece; resolves once what was sent before it has been written. */
  push(text: string): Promise<void>;
  /** Writes what is gathered now and waits for it. */
  flush(): Promise<void>;
  /** Drops what is gathered and waits for the writes already started. */
  discard(): Promise<void>;
}

/**
 * Gathers text and hands it to `write` in one piece per `intervalMs`, one write at a time. The
 * first piece waits `firstAfterMs` instead: 0 writes it at once.
 */
export function pacer(
  write: (text: string) => Promise<void>,
  intervalMs: number,
  { firstAfterMs = intervalMs } = {},
): Pacer {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  let first = true;

  const writeGathered = () => {
    timer = null;
    const text = pending;
    pending = '';
    if (text) {
      chain = chain.then(() => write(text));
      // A failed write surfaces at the next flush, not as an unhandled rejection in between.
      chain.catch(() => {});
    }
    return chain;
  };

  return {
    push(text) {
      const before = chain;
      pending += text;
      const wait = first ? firstAfterMs : intervalMs;
      first = false;
      if (wait === 0 && !timer) return writeGathered();
      timer ??= setTimeout(writeGathered, wait);
      return before;
    },
    flush() {
      if (timer) clearTimeout(timer);
      return writeGathered();
    },
    discard() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = '';
      return chain;
    },
  };
}
