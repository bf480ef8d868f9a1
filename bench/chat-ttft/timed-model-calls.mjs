import { subscribe } from 'node:diagnostics_channel';

/**
 * Times the chat providers' model calls through undici's diagnostics channels (the provider
 * asks the model with undici's `request`): when the model was asked, and when its first bytes
 * arrived. `timingOf(request)` finds the timing an undici request belongs to, if any; only the
 * first call of a timing is timed, so a memory summary later in the same message is not.
 *
 * @param {(request: { body?: unknown }) => { modelAsked?: number; modelFirstByte?: number } | undefined} timingOf
 */
export function timeModelCalls(timingOf) {
  const pending = new WeakMap();
  subscribe('undici:request:create', ({ request }) => {
    const timing = timingOf(request);
    if (!timing || timing.modelAsked) return;
    timing.modelAsked = performance.now();
    pending.set(request, timing);
  });
  subscribe('undici:request:bodyChunkReceived', ({ request }) => {
    const timing = pending.get(request);
    if (!timing) return;
    timing.modelFirstByte = performance.now();
    pending.delete(request);
  });
}
