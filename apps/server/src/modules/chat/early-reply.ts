import type { ModelProvider, ReplyEvent, ReplyRequest } from '../llm/index.js';

/** A model reply already asked for: its request, its events, and a way to call it off. */
export interface StartedReply {
  request: ReplyRequest;
  events: AsyncIterable<ReplyEvent>;
  /** Cancels the model call; for a turn that was refused after it started. */
  cancel(): void;
}

/**
 * Asks the model now, before the turn is charged and stored, so the model's time to its first
 * token runs alongside our own database work instead of after it. Nothing it says reaches the
 * player until the turn is paid for: the events are only read once the charge committed, and a
 * refused turn cancels the call (docs/decisions/0013).
 */
export function startReply(provider: ModelProvider, request: ReplyRequest): StartedReply {
  const controller = new AbortController();
  const iterator = provider.reply(request, controller.signal)[Symbol.asyncIterator]();
  // An async generator does nothing until its first `next()`: ask for the first event now.
  const first = iterator.next();
  // A cancelled call rejects its first event, which then nobody reads.
  first.catch(() => {});
  let firstTaken = false;
  const events: AsyncIterable<ReplyEvent> = {
    [Symbol.asyncIterator]: () => ({
      next() {
        if (firstTaken) return iterator.next();
        firstTaken = true;
        return first;
      },
      async return(value?: unknown) {
        controller.abort();
        return (await iterator.return?.(value)) ?? { done: true, value: undefined };
      },
    }),
  };
  return { request, events, cancel: () => controller.abort() };
}
