import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface SseWriter {
  /** Aborted when the client goes away before `end()`: pass it upstream to cancel the model. */
  readonly signal: AbortSignal;
  /** Writes one event; waits while the socket's buffer is full. A no-op once the client left. */
  send(event: string, data: unknown): Promise<void>;
  /** Ends the stream (idempotent). */
  end(): void;
}

/** Told when a stream opens and when its connection closes (the metrics' open streams). */
export interface StreamCounter {
  opened(): void;
  closed(): void;
}

export interface SseOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  streams?: StreamCounter | undefined;
}

/**
 * Turns a Fastify reply into a Server-Sent Events stream (used over POST, so the browser reads it
 * with fetch, not EventSource). Fastify stops managing the reply; this owns it until `end()`.
 *
 * Backpressure: `send` resolves only when the data is in the kernel's hands or the client is gone,
 * so a slow reader slows its own producer instead of growing our memory. Disconnect: `signal`
 * aborts on the response's `close` before we ended it.
 */
export function openSse(reply: FastifyReply, options: SseOptions = {}): SseWriter {
  const res = reply.raw;
  const controller = new AbortController();
  let ended = false;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar buffer responses unless told not to.
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  options.streams?.opened();
  const onClose = () => {
    options.streams?.closed();
    clearInterval(heartbeat);
    if (!ended) controller.abort();
  };
  res.on('close', onClose);
  const heartbeat = setInterval(() => {
    if (!ended && !res.destroyed) res.write(': ping\n\n');
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  // A client gone before the stream opened: its 'close' came already and will not come again.
  if (res.closed) onClose();

  return {
    signal: controller.signal,
    async send(event, data) {
      if (ended || res.destroyed) return;
      const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      if (!res.write(frame)) await drainedOrClosed(res);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      if (!res.destroyed) res.end();
    },
  };
}

/**
 * Until the socket's buffer drains or the client is gone. Both listeners go when either comes:
 * a long reply to a slow reader waits hundreds of times on one response, and the loser of a
 * race of two `events.once` stays attached until the response closes.
 */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
