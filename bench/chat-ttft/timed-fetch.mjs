/**
 * A fetch for the chat providers under test: on the timing of the request it runs for (from
 * `timingOf`), it notes when the model was asked and when the model's first bytes arrived. Only
 * the first call of a request is timed: a memory summary later in the same request is not.
 *
 * @param {(init: RequestInit | undefined) => { modelAsked?: number; modelFirstByte?: number } | undefined} timingOf
 * @param {typeof fetch} untimed
 * @returns {typeof fetch}
 */
export function timedFetch(timingOf, untimed = globalThis.fetch) {
  return async (input, init) => {
    const timing = timingOf(init);
    if (!timing || timing.modelAsked) return untimed(input, init);
    timing.modelAsked = performance.now();
    const response = await untimed(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        timing.modelFirstByte ??= performance.now();
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
