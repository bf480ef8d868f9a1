import { CALLS } from '@taleforge/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from './support/http.js';
import { sampleOf, scrape } from './support/metrics.js';
import { killRedisServers, startRedisServer } from './support/redis-server.js';
import { startTestServer, type TestServer } from './support/server.js';
import { freePort } from './support/server-process.js';

// The probes a load balancer and an orchestrator ask: live while the process answers, ready
// only while the database (and Redis, when one is configured) answers. And METRICS_PORT, the
// listener of their own for a private network.

afterAll(killRedisServers);

const ready = (server: Pick<TestServer, 'url'>, lang?: string) =>
  api(server, CALLS.healthReady, { dfId: null, ...(lang ? { lang } : {}) });
const live = (server: Pick<TestServer, 'url'>) => api(server, CALLS.healthLive, { dfId: null });

describe('/health/live and /health/ready', () => {
  it('answers 503 naming Redis while it is down, and ready again once it is back', async () => {
    const redis = await startRedisServer();
    const server = await startTestServer({ REDIS_URL: redis.url });
    try {
      await expect.poll(async () => (await ready(server)).http, { timeout: 5_000 }).toBe(200);
      expect((await ready(server)).data).toMatchObject({
        status: 'ready',
        database: 'up',
        redis: 'up',
      });
      await redis.stop();
      const down = await ready(server, 'ja_JP');
      expect(down.http).toBe(503);
      expect(down.status).toBe(503);
      expect(down.desc).toBe(
        'サービスの起動中または停止中です。少し待ってからお試しください: redis',
      );
      // Alive all the while: restarting this node would not bring Redis back.
      expect((await live(server)).http).toBe(200);
      await redis.start();
      await expect.poll(async () => (await ready(server)).http, { timeout: 10_000 }).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 503 naming the database once it stops answering, while live stays 200', async () => {
    const server = await startTestServer();
    try {
      await server.database.close();
      const down = await ready(server);
      expect(down.http).toBe(503);
      expect(down.desc).toMatch(/: database$/);
      expect((await live(server)).http).toBe(200);
    } finally {
      // Its video workers cannot stop cleanly on a closed database: this test's own doing.
      await server.app.close().catch(() => {});
    }
  });
});

describe('the event loop in the readiness answer', () => {
  it('says how late the loop ran lately: a stall of 150 ms shows in the next probes', async () => {
    const server = await startTestServer();
    try {
      expect((await ready(server)).data!.event_loop.delay_p99_ms).toBeGreaterThanOrEqual(0);
      // What a story running on the event loop did before issue 41: hold it for 150 ms.
      const until = performance.now() + 150;
      while (performance.now() < until) {}
      // The loop records the delay when it next reaches its timers.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stalled = (await ready(server)).data!.event_loop;
      expect(stalled.delay_max_ms).toBeGreaterThanOrEqual(140);
      expect(stalled.delay_p99_ms).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics and the probes on a port of its own (ready without Redis when none is set)', async () => {
    const port = await freePort();
    const server = await startTestServer({ METRICS_PORT: String(port) });
    try {
      const site = `http://127.0.0.1:${port}`;
      const main = new URL(server.url('/')).origin;
      expect((await fetch(`${main}/metrics`)).status).toBe(404);
      const res = await ready(server);
      expect(res.http).toBe(200);
      expect(res.data).toMatchObject({ status: 'ready', database: 'up', redis: 'not_configured' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await live(server)).data).toEqual({ status: 'ok' });
      // The old probe is still answered as it was.
      expect((await api(server, CALLS.health, { dfId: null })).data).toMatchObject({
        status: 'ok',
      });
      const samples = await scrape(site);
      const liveRoute = { method: 'GET', route: '/taleforge/health/live', status: '200' };
      expect(sampleOf(samples, 'taleforge_http_responses_total', liveRoute)).toBe(1);
      const probe = await fetch(`${site}/health/ready`);
      expect(probe.status).toBe(200);
      expect(await probe.json()).toMatchObject({ data: { status: 'ready', database: 'up' } });
      expect((await fetch(`${site}/health/live`)).status).toBe(200);
      expect((await fetch(`${site}/`)).status).toBe(404);
      // The listener's own requests are not the players' traffic: none of them is counted.
      const again = await scrape(site);
      expect(again.some((s) => s.labels.route === '/health/ready')).toBe(false);
      expect(sampleOf(again, 'taleforge_http_responses_total', liveRoute)).toBe(1);
    } finally {
      await server.close();
    }
    // Closed with the app: the port is free again.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('asks for METRICS_TOKEN there too when one is set', async () => {
    const port = await freePort();
    const token = 'metrics-token-for-the-tests-0002';
    const server = await startTestServer({ METRICS_PORT: String(port), METRICS_TOKEN: token });
    try {
      const site = `http://127.0.0.1:${port}`;
      expect((await fetch(`${site}/metrics`)).status).toBe(401);
      expect(sampleOf(await scrape(site, token), 'taleforge_chat_streams_open')).toBe(0);
      const main = new URL(server.url('/')).origin;
      expect(sampleOf(await scrape(main, token), 'taleforge_chat_streams_open')).toBe(0);
    } finally {
      await server.close();
    }
  });
});
