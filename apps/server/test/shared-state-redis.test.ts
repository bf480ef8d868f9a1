import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInProcessState, type SharedState } from '../src/platform/shared-state/index.js';
import { createRedisState } from '../src/platform/shared-state/redis-state.js';
import { killRedisServers, type RedisServer, startRedisServer } from './support/redis-server.js';
import { SETTLED } from './support/settled.js';

// Two nodes' shared state on one real redis-server, which a test stops and starts again as an
// outage would. What a node logs is kept, to count the warnings an outage costs.

function logSink() {
  const lines: { level: 'warn' | 'info' | 'error'; msg: string }[] = [];
  const at = (level: 'warn' | 'info' | 'error') => (_obj: unknown, msg?: string) => {
    lines.push({ level, msg: msg ?? '' });
  };
  return { lines, log: { warn: at('warn'), info: at('info'), error: at('error') } };
}

/** Consumes `times` points of `key`; how many were allowed and how many refused. */
async function consume(limiter: RateLimiterAbstract, key: string, times: number) {
  let allowed = 0;
  let refused = 0;
  for (let i = 0; i < times; i++) {
    try {
      await limiter.consume(key);
      allowed++;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      refused++;
    }
  }
  return { allowed, refused };
}

const SPEC = { keyPrefix: 'probe', points: 5, duration: 60 };
/** What one limiter call waiting on a frozen Redis costs (the store's command timeout). */
const COMMAND_WAIT_MS = 500;

let redis: RedisServer;
let redisDown = false;
const open: SharedState[] = [];
async function stopRedis() {
  await redis.stop();
  redisDown = true;
}
async function startRedis() {
  await redis.start();
  redisDown = false;
}
function node(namespace = 'tf-test') {
  const sink = logSink();
  const state = createRedisState({ url: redis.url, namespace, log: sink.log });
  open.push(state);
  return { state, limiter: state.limiter(SPEC), lines: sink.lines };
}

beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((state) => state.close()));
  // A test that failed during its outage leaves Redis up for the next one.
  if (redisDown) await startRedis();
});
afterAll(killRedisServers);

async function untilReady(...states: SharedState[]) {
  await vi.waitFor(async () => {
    for (const state of states) expect(await state.ping()).toBe(true);
  }, 5_000);
}

describe('shared state in Redis', () => {
  it('counts a limit once for every node, and keeps two installs apart', async () => {
    const a = node();
    const b = node();
    const other = node('another-install');
    await untilReady(a.state, b.state, other.state);

    const first = await consume(a.limiter, '203.0.113.7', 3);
    const second = await consume(b.limiter, '203.0.113.7', 3);
    expect(first).toEqual({ allowed: 3, refused: 0 });
    // Five a minute for everyone: the second node has two left.
    expect(second).toEqual({ allowed: 2, refused: 1 });
    expect(await consume(other.limiter, '203.0.113.7', 5)).toEqual({
      allowed: 5,
      refused: 0,
    });
  });

  it('carries a broadcast to the other nodes, not back to its sender', async () => {
    const a = node();
    const b = node();
    const c = node();
    await untilReady(a.state, b.state, c.state);
    const heard: Record<string, unknown[]> = { a: [], b: [], c: [] };
    a.state.subscribe('topic', (m) => heard.a!.push(m));
    b.state.subscribe('topic', (m) => heard.b!.push(m));
    c.state.subscribe('topic', (m) => heard.c!.push(m));
    b.state.subscribe('other-topic', (m) => heard.b!.push({ other: m }));

    a.state.publish('topic', { gameId: 7 });
    await vi.waitFor(() => {
      expect(heard.b).toEqual([{ gameId: 7 }]);
      expect(heard.c).toEqual([{ gameId: 7 }]);
    }, SETTLED);
    expect(heard.a).toEqual([]);
  });

  it('goes on per node while Redis is down, with one warning, and shares again when it is back', async () => {
    const a = node();
    const b = node();
    await untilReady(a.state, b.state);
    const heard: unknown[] = [];
    b.state.subscribe('topic', (m) => heard.push(m));

    await stopRedis();
    await vi.waitFor(async () => expect(await a.state.ping()).toBe(false), SETTLED);
    // Each node keeps a limit of its own: five each, where Redis allowed five for both.
    expect(await consume(a.limiter, '198.51.100.1', 6)).toEqual({ allowed: 5, refused: 1 });
    expect(await consume(b.limiter, '198.51.100.1', 6)).toEqual({ allowed: 5, refused: 1 });
    // A broadcast is dropped, not thrown or kept for later.
    a.state.publish('topic', { gameId: 1 });
    await vi.waitFor(() => {
      for (const { lines } of [a, b]) {
        expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
          expect.stringMatching(/per node/),
        ]);
      }
    }, SETTLED);

    await startRedis();
    await untilReady(a.state, b.state);
    for (const { lines } of [a, b]) {
      expect(lines.filter((l) => l.level === 'info')[0]!.msg).toMatch(/answers again/);
    }
    a.state.publish('topic', { gameId: 2 });
    await vi.waitFor(() => expect(heard).toEqual([{ gameId: 2 }]), SETTLED);
    // The restarted Redis counts from nothing, and for both nodes together again.
    expect(await consume(a.limiter, '198.51.100.1', 3)).toEqual({ allowed: 3, refused: 0 });
    expect(await consume(b.limiter, '198.51.100.1', 3)).toEqual({ allowed: 2, refused: 1 });
    expect([...a.lines, ...b.lines].filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('takes a Redis that stops answering without closing for down, within seconds', async () => {
    const a = node();
    await untilReady(a.state);
    redis.pause();
    try {
      // The heartbeat finds it out: one warning, and limits no longer wait for Redis at all.
      await vi.waitFor(() => {
        expect(a.lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
          expect.stringMatching(/per node/),
        ]);
      }, 5_000);
      const started = Date.now();
      expect(await consume(a.limiter, '198.51.100.9', 6)).toEqual({ allowed: 5, refused: 1 });
      // Six calls that each waited on Redis would take 3 s; in-process they take none of it.
      expect(Date.now() - started).toBeLessThan((6 * COMMAND_WAIT_MS) / 2);
    } finally {
      redis.resume();
    }
    await untilReady(a.state);
  });

  it('opens without a Redis to talk to, limits per node, and warns once', async () => {
    await stopRedis();
    const a = node();
    expect(await a.state.ping()).toBe(false);
    expect(await consume(a.limiter, '192.0.2.9', 7)).toEqual({ allowed: 5, refused: 2 });
    await vi.waitFor(
      () => expect(a.lines.filter((l) => l.level === 'warn')).toHaveLength(1),
      SETTLED,
    );
    // Reconnecting goes on (and fails) several times a second; the warning is not repeated.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(a.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });
});

describe('shared state in this process', () => {
  it('counts per process and always answers ready', async () => {
    const one = createInProcessState();
    const two = createInProcessState();
    expect(await consume(one.limiter(SPEC), 'k', 6)).toEqual({ allowed: 5, refused: 1 });
    expect(await consume(two.limiter(SPEC), 'k', 5)).toEqual({ allowed: 5, refused: 0 });
    expect(await one.ping()).toBe(true);
  });
});
