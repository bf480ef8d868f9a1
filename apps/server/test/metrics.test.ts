import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../src/modules/llm/index.js';
import { walletEntries } from '../src/platform/db/schema/index.js';
import { buildChatGame, eventOf, giveGems, sendChat } from './support/chat.js';
import { testDriver } from './support/database.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { parseMetrics, type Sample, sampleOf, scrape } from './support/metrics.js';
import { createOrder, deliverWebhook, SANDBOX_SECRET, sandboxEvent } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

// /metrics on the main port behind METRICS_TOKEN, read as Prometheus reads it: requests timed by
// their route's pattern, answers counted by status, and the gems the wallet committed.

const TOKEN = 'metrics-token-for-the-tests-0001';
let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer(
    {
      METRICS_TOKEN: TOKEN,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      CHAT_SENDS_PER_MINUTE: '1000',
      CHAT_DAILY_REPLY_CAP: '2',
    },
    // Paced, so a reply is still streaming when the test looks (a paid engine, for the charges).
    { chatProvider: { ...createOfflineProvider({ paceMs: 100 }), name: 'openai' } },
  );
  origin = new URL(server.url('/')).origin;
});
afterAll(() => server.close());

const metrics = () => scrape(origin, TOKEN);
const db = () => server.database.db;

/** The ledger's own sum of one entry type for a user: what the counters must agree with. */
async function ledgerSum(userId: number, type: string): Promise<number> {
  const [row] = await db()
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amount}), 0)` })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.type, type)));
  return Number(row!.sum);
}

describe('/metrics on the main port', () => {
  it('needs the bearer token: none or a wrong one is a 401 in the asked language', async () => {
    const none = await fetch(`${origin}/metrics?lang=zh_CN`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toEqual({ status: 401, desc: '访问此地址需要令牌', data: null });
    const wrong = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('taleforge_');
    const right = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
    expect(parseMetrics(await right.text()).length).toBeGreaterThan(0);
  });

  it('times requests by route pattern and counts them by status, never by the address asked', async () => {
    const before = await metrics();
    const count = (samples: Sample[], route: string, status: string) =>
      sampleOf(samples, 'taleforge_http_responses_total', { method: 'GET', route, status }) ?? 0;
    const social = `/taleforge${CALLS.workSocial.path}`;
    for (const id of [1, 2, 3]) {
      await fetch(server.url(CALLS.workSocial.path, { df_id: 'v_metrics', game_id: String(id) }));
    }
    const lost = `/taleforge/api/no-such-call-${randomUUID()}?df_id=v_metrics`;
    expect((await fetch(`${origin}${lost}`)).status).toBe(404);
    const after = await metrics();
    expect(count(after, social, '200') - count(before, social, '200')).toBe(3);
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(1);
    const timed = (samples: Sample[]) =>
      sampleOf(samples, 'taleforge_http_request_duration_seconds_count', {
        method: 'GET',
        route: social,
      }) ?? 0;
    expect(timed(after) - timed(before)).toBe(3);
    expect(
      sampleOf(after, 'taleforge_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: social,
        le: '+Inf',
      }),
    ).toBe(timed(after));
    const routes = new Set(after.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].some((r) => r!.includes('no-such-call') || r!.includes('game_id'))).toBe(
      false,
    );
  });

  it('counts gems credited and spent as committed: a charge the daily cap rolls back is not spent', async () => {
    const before = await metrics();
    const gems = (samples: Sample[], name: string, reason: string) =>
      sampleOf(samples, name, { reason }) ?? 0;
    const session = await buildSession(db());
    const order = (await createOrder(server, session.token)).data!;
    const paid = sandboxEvent(order, session.user.publicId, 'payment.succeeded');
    // Delivered five times at once: one credit, counted once.
    await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(server, paid)));
    const { gameId, ada, lockedChapter } = await buildChatGame(db());
    const bought = await api(server, CALLS.unlock, {
      token: session.token,
      body: { game_id: gameId, chapter_id: lockedChapter, idempotency_key: randomUUID() },
    });
    expect(bought.data?.price).toBe(50);
    const sends = [];
    for (const text of ['Hello', 'Hello again', 'And again']) {
      sends.push(await sendChat(server, session.token, { game_id: gameId, npc_id: ada, text }));
    }
    // Under a cap of 2 the third is charged, then refused, and its charge rolled back.
    expect(sends.map((s) => (eventOf(s, 'done') ? 'done' : s.envelope?.status))).toEqual([
      'done',
      'done',
      5009,
    ]);
    const after = await metrics();
    const credited = 'taleforge_gems_credited_total';
    const spent = 'taleforge_gems_spent_total';
    const recharged = await ledgerSum(session.user.id, 'recharge');
    expect(recharged).toBeGreaterThan(0);
    expect(gems(after, credited, 'recharge') - gems(before, credited, 'recharge')).toBe(recharged);
    expect(gems(after, spent, 'chapter_unlock') - gems(before, spent, 'chapter_unlock')).toBe(50);
    expect(-(await ledgerSum(session.user.id, 'chat_message'))).toBe(20);
    expect(gems(after, spent, 'chat_message') - gems(before, spent, 'chat_message')).toBe(20);
  });

  it('counts gems granted outside this app only in the process that wrote them', async () => {
    // giveGems writes through a wallet of its own, as a second node would: this node's
    // counters describe what this node committed.
    const before = await metrics();
    const session = await buildSession(db());
    await giveGems(server, session.user.id, 70);
    const after = await metrics();
    const granted = (s: Sample[]) =>
      sampleOf(s, 'taleforge_gems_credited_total', { reason: 'grant' }) ?? 0;
    expect(granted(after)).toBe(granted(before));
  });

  it('shows a chat reply streaming as an open stream until it ends', async () => {
    const session = await buildSession(db());
    await giveGems(server, session.user.id, 30);
    const { gameId, ada } = await buildChatGame(db());
    const open = async () => sampleOf(await metrics(), 'taleforge_chat_streams_open');
    expect(await open()).toBe(0);
    const res = await fetch(server.url(CALLS.chatSend.path, { df_id: 'v_metrics' }), {
      method: 'POST',
      headers: { authorization: session.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        game_id: gameId,
        npc_id: ada,
        text: 'Tell me a long story',
        client_message_id: randomUUID(),
      }),
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: accepted');
    expect(await open()).toBe(1);
    while (!(await reader.read()).done) {
      // reading the reply to its end
    }
    await expect.poll(open, { timeout: 2_000 }).toBe(0);
  });

  it('reports the database pool on PostgreSQL (none on PGlite) and the job queues', async () => {
    const samples = await metrics();
    const pool = (state: string) => sampleOf(samples, 'taleforge_db_pool_connections', { state });
    if (testDriver() === 'postgres') {
      expect(pool('total')).toBeGreaterThanOrEqual(1);
      expect(pool('idle')).toBeLessThanOrEqual(pool('total')!);
      expect(pool('waiting')).toBe(0);
    } else {
      expect(pool('total')).toBeUndefined();
    }
    // The queues are opened as the app starts its video workers; nothing was imported here.
    await expect
      .poll(
        async () =>
          sampleOf(await metrics(), 'taleforge_jobs', {
            queue: 'video-transcode',
            state: 'waiting',
          }),
        { timeout: 15_000 },
      )
      .toBe(0);
    expect(sampleOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});

describe('/metrics while the database is down', () => {
  it('still answers, and counts each failed run of the periodic wallet jobs', async () => {
    const broken = await startTestServer({ METRICS_TOKEN: TOKEN, WALLET_JOB_INTERVAL_MS: '100' });
    try {
      const base = new URL(broken.url('/')).origin;
      const failures = async (job: string) =>
        sampleOf(await scrape(base, TOKEN), 'taleforge_job_failures_total', { job }) ?? 0;
      expect(await failures('lot-expiry')).toBe(0);
      await broken.database.close();
      await expect.poll(() => failures('lot-expiry'), { timeout: 5_000 }).toBeGreaterThan(1);
      expect(await failures('order-timeout')).toBeGreaterThan(0);
    } finally {
      // Its video workers cannot stop cleanly on a closed database: this test's own doing.
      await broken.app.close().catch(() => {});
    }
  });
});

describe('/metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('does not exist: 404, whatever token is sent', async () => {
    const plain = await startTestServer();
    try {
      const base = new URL(plain.url('/')).origin;
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: 404, data: null });
    } finally {
      await plain.close();
    }
  });
});
