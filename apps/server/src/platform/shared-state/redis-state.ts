import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { SharedState } from './shared-state.js';

/** A command Redis has not answered in this long counts as Redis down for that request. */
const COMMAND_TIMEOUT_MS = 500;
/** Reconnecting backs off to this: a Redis that comes back is shared again within about it. */
const MAX_RECONNECT_DELAY_MS = 1_000;
/**
 * How often a connection that looks open is asked to answer. A Redis that stops answering without
 * closing (a frozen process, a network black hole) would otherwise stay "ready", and every limit
 * would wait out COMMAND_TIMEOUT_MS before its fallback, with no warning.
 */
const HEARTBEAT_MS = 1_000;

type Handler = (message: Record<string, unknown>) => void;

/**
 * Shared state in Redis. Redis down never refuses a player: every limit falls back to a counter in
 * this process (per node, so N nodes allow N times the limit), broadcasts are dropped, and one
 * warning says so until Redis answers again.
 */
export function createRedisState({
  url,
  namespace,
  log,
}: {
  url: string;
  namespace: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}): SharedState {
  const node = randomUUID();
  const channel = `${namespace}:broadcast`;
  const where = new URL(url).host;
  const client = new Redis(url, {
    // A request must not wait for a Redis that is away: no queue, no retry, a bounded wait.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  // Subscribing takes a connection of its own. Its SUBSCRIBE waits for Redis as long as it takes,
  // and ioredis renews it after every reconnect.
  const subscriber = client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  const handlers = new Map<string, Handler[]>();

  // null until the first connection: a Redis missing at start is warned about like a lost one.
  let up: boolean | null = null;
  let closing = false;
  client.on('ready', () => {
    if (up === false) log.info({ redis: where }, 'Redis answers again: state is shared again');
    up = true;
  });
  const down = (error?: Error) => {
    if (up === false || closing) return;
    up = false;
    log.warn(
      { redis: where, err: error },
      'Redis is not answering: rate limits count per node, and other nodes see logouts and ' +
        'publishes only when their cache windows end',
    );
  };
  client.on('error', down);
  client.on('close', () => down());
  // The subscriber's outages are the client's, and warned about there; unheard, ioredis would
  // print every failed reconnect.
  subscriber.on('error', () => {});

  // An unanswered PING is an outage: dropping the connection sends limits to their in-process
  // counters at once (rejectIfRedisNotReady) until a reconnect answers.
  const heartbeat = setInterval(() => {
    if (client.status !== 'ready') return;
    client.ping().catch((error: Error) => {
      if (client.status !== 'ready' || closing) return;
      down(error);
      client.disconnect(true);
      subscriber.disconnect(true);
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  subscriber.subscribe(channel).catch(() => {});
  subscriber.on('message', (_channel: string, text: string) => {
    let envelope: { node?: unknown; topic?: unknown; message?: unknown };
    try {
      envelope = JSON.parse(text);
    } catch {
      return;
    }
    if (envelope.node === node || typeof envelope.topic !== 'string') return;
    const message = envelope.message;
    if (typeof message !== 'object' || message === null) return;
    for (const handler of handlers.get(envelope.topic) ?? []) {
      try {
        handler(message as Record<string, unknown>);
      } catch (err) {
        log.error({ err, topic: envelope.topic }, 'a broadcast handler failed');
      }
    }
  });

  return {
    kind: 'redis',
    limiter: (spec) =>
      new RateLimiterRedis({
        ...spec,
        keyPrefix: `${namespace}:limit:${spec.keyPrefix}`,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(spec),
      }),
    publish(topic, message) {
      // Redis down: warned about already; the others' cache windows stand in for this message.
      client.publish(channel, JSON.stringify({ node, topic, message })).catch(() => {});
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    // Ready only while both connections are up: a node not subscribed would miss revocations.
    async ping() {
      if (subscriber.status !== 'ready') return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      subscriber.disconnect();
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
