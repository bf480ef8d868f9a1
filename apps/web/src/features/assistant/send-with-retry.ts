import { isApiError } from '../../shared/api';

/** Waits before the second and third try: long enough for a blip, short enough to wait for. */
export const RETRY_DELAYS_MS = [800, 2000] as const;

/** A lost answer may still have been stored: only trying again with the same id is safe. */
const mayRetry = (error: unknown) =>
  isApiError(error) &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    (error.kind === 'http' && error.status >= 500));

/**
 * Sends one turn, trying again after a dropped connection or a server fault. The caller passes
 * the same `client_message_id` on every try, so the server answers a stored turn again and
 * counts it once against the cap; a refusal (a body status) is never retried.
 */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !mayRetry(error)) throw error;
      await wait(delay);
    }
  }
}
