import { CALLS } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, makeAdmin, registerAccount } from './support/accounts.js';
import { askAssistant } from './support/assistant.js';
import { buildSession } from './support/factories.js';
import { api, type EnvelopeResponse } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { killRedisServers, type RedisServer, startRedisServer } from './support/redis-server.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';
import { createWork, saveFile } from './support/studio.js';

// Two nodes of one install in this process: two apps on one database and one real Redis. Each
// trusts a checked token for a minute and keeps its catalogue for ten (their clocks stand still),
// so only a broadcast can make one see at once what the other did. Behind a proxy
// (TRUST_PROXY), X-Forwarded-For names the address a request comes from.

let redis: RedisServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  redis = await startRedisServer();
  smtp = await startSmtpServer();
  const env = {
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    SESSION_CACHE_MS: '60000',
    CATALOGUE_CACHE_MS: '600000',
    ASSISTANT_SENDS_PER_MINUTE: '3',
  };
  a = await startTestServer(env);
  b = await startTestServer(env, { database: a.database });
  // Both nodes subscribe as they start; wait until a revocation on one reaches the other.
  await vi.waitFor(() => revocationReaches(b), 30_000);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.close();
  killRedisServers();
});

let addresses = 0;
/** An address no earlier request came from, so every limit test starts from nothing. */
const freshAddress = () => `203.0.113.${++addresses}`;

let probes = 0;
const exist = (node: TestServer, ip: string, lang?: 'zh_CN') =>
  api(node, CALLS.userExist, {
    query: { email: `probe${++probes}@example.com` },
    headers: { 'x-forwarded-for': ip },
    lang,
  });

const whoAmI = (node: TestServer, token: string) => api(node, CALLS.userInfo, { token });

/** How often `refusedAfter` sends a request while fewer than PROBES_IN_FLIGHT are unanswered. */
const PROBE_EVERY_MS = 10;
const PROBES_IN_FLIGHT = 3;

/**
 * Asks `node` with `token` until it is refused: how many milliseconds after `startedAt` the first
 * refused request was sent. A few requests overlap, one going out every PROBE_EVERY_MS, so the
 * reading says when the node knew, to within a fraction of one request's time, instead of adding
 * the answers of requests sent one after another on a loaded machine (a full run read 215 ms that
 * way). Never more than PROBES_IN_FLIGHT at once: a flood of probes would slow what it measures.
 */
async function refusedAfter(node: TestServer, token: string, startedAt: number) {
  const probes: Promise<{ sentAt: number; status: number }>[] = [];
  let inFlight = 0;
  let refused = false;
  while (!refused) {
    if (performance.now() - startedAt > 2_000) throw new Error('the revocation never arrived');
    if (inFlight < PROBES_IN_FLIGHT) {
      const sentAt = performance.now();
      inFlight += 1;
      probes.push(
        whoAmI(node, token).then(({ status }) => {
          inFlight -= 1;
          if (status === STATUS.TOKEN_INVALID) refused = true;
          return { sentAt, status };
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  const answers = await Promise.all(probes);
  for (const { status } of answers) expect([200, STATUS.TOKEN_INVALID]).toContain(status);
  const first = answers.find((a) => a.status === STATUS.TOKEN_INVALID)!;
  return first.sentAt - startedAt;
}

/**
 * A player signed in and seen by `there`, then signed out on `a`: refused on `there` soon (the
 * message crosses Redis after the logout answers; the tests below time it).
 */
async function revocationReaches(there: TestServer) {
  const { token } = await signedIn(a);
  expect((await whoAmI(there, token)).status).toBe(200);
  expect((await api(a, CALLS.logout, { token })).status).toBe(200);
  await refusedAfter(there, token, performance.now());
}

async function homeGameIds(node: TestServer): Promise<number[]> {
  const home = await api(node, CALLS.home);
  return home.data!.sections.flatMap((s) => s.games.map((g) => g.id));
}

/** A one-chapter work, published through the studio on `node`; its game id. */
async function publishedWork(node: TestServer, token: string) {
  const work = await createWork(node, token, 'Two Lamps');
  await api(node, CALLS.studioWorkUpdate, {
    token,
    body: {
      id: work.id,
      revision: work.revision,
      chapters: [{ title: { en_US: 'The lamp' }, file: 'one.ink', price_gems: 0 }],
    },
  });
  await saveFile(node, token, work.id, 'one.ink', 'A lamp is lit.\n-> END\n');
  const published = await api(node, CALLS.studioPublish, { token, body: { id: work.id } });
  expect(published.status).toBe(200);
  return published.data!.game_id!;
}

describe('two nodes sharing Redis', () => {
  it('counts an address’s sign-in requests once for both nodes', async () => {
    const ip = freshAddress();
    // Ten existence checks a minute from one address, wherever they land.
    for (let i = 0; i < 10; i++) {
      expect((await exist(i % 2 === 0 ? a : b, ip)).status).toBe(200);
    }
    for (const node of [a, b]) {
      const refused = await exist(node, ip, 'zh_CN');
      expect(refused.status).toBe(STATUS.RATE_LIMITED);
      expect(refused.desc).toBe(statusMessage(STATUS.RATE_LIMITED, 'zh_CN'));
    }
    // Another address is not held back by this one.
    expect((await exist(b, freshAddress())).status).toBe(200);
  });

  it('counts a player’s assistant messages a minute once for both nodes', async () => {
    const { token } = await buildSession(a.database.db);
    const answers = [];
    for (const node of [a, b, a, b]) answers.push((await askAssistant(node, token, 'hi')).status);
    expect(answers).toEqual([200, 200, 200, STATUS.RATE_LIMITED]);
  });

  it('refuses on one node within 100 ms a token signed out on the other', async () => {
    const { token } = await signedIn(a);
    expect((await whoAmI(b, token)).status).toBe(200);
    expect((await api(a, CALLS.logout, { token })).status).toBe(200);
    expect(await refusedAfter(b, token, performance.now())).toBeLessThan(100);
  });

  it('ends on every node the sessions a password reset on one ends', async () => {
    const email = 'two-nodes@example.com';
    await registerAccount(a, smtp, email);
    const there = await login(b, email);
    const token = there.data!.access_token;
    expect((await whoAmI(b, token)).status).toBe(200);

    // A second mailed code within a minute of the first is refused: a's clock moves past it.
    a.clock.advance(61_000);
    await api(a, CALLS.loginTicket, { body: { email, ticket_use_type: 'UPDATE_PWD' } });
    const reset = await api(a, CALLS.forget, {
      body: { email, pwd: 'another-pass', oauth_enum: 'EMAIL', ticket: smtp.codeFor(email) },
    });
    expect(reset.status).toBe(200);
    expect(await refusedAfter(b, token, performance.now())).toBeLessThan(100);
  });

  it('shows a publish on one node in the other’s catalogue, and a take-down there here', async () => {
    const owner = await signedIn(a);
    const before = await homeGameIds(b);
    const gameId = await publishedWork(a, owner.token);
    expect(before).not.toContain(gameId);
    await vi.waitFor(async () => expect(await homeGameIds(b)).toContain(gameId), 1_000);

    expect(await homeGameIds(a)).toContain(gameId);
    const admin = await signedIn(b);
    await makeAdmin(b, admin.user.email!);
    const takenDown = await api(b, CALLS.adminUnpublish, {
      token: admin.token,
      body: { game_id: gameId },
    });
    expect(takenDown.data).toEqual({ game_id: gameId, unpublished: true });
    await vi.waitFor(async () => expect(await homeGameIds(a)).not.toContain(gameId), 1_000);
  });
});

describe('Redis stopped mid-way', () => {
  it('serves every player per node, falls back to the windows, and shares again once back', async () => {
    const answers: EnvelopeResponse[] = [];
    const seen = <T extends EnvelopeResponse>(res: T) => {
      answers.push(res);
      return res;
    };
    const player = await signedIn(a);
    const signedOut = await signedIn(a);
    expect(seen(await whoAmI(b, signedOut.token)).status).toBe(200);

    await redis.stop();
    try {
      // Every kind of call goes on, on both nodes.
      for (const node of [a, b]) {
        expect(seen(await api(node, CALLS.home)).status).toBe(200);
        expect(seen(await whoAmI(node, player.token)).status).toBe(200);
        expect(seen(await login(node, 'nobody@example.com', 'wrong-pass')).status).toBe(2005);
      }
      const owner = await signedIn(b);
      const gameId = await publishedWork(b, owner.token);
      expect(await homeGameIds(b)).toContain(gameId);

      // Each node counts for itself: ten from one address on each, the eleventh refused.
      const ip = freshAddress();
      for (const node of [a, b]) {
        for (let i = 0; i < 10; i++) expect(seen(await exist(node, ip)).status).toBe(200);
      }
      expect(seen(await exist(a, ip)).status).toBe(STATUS.RATE_LIMITED);

      // A sign-out reaches the other node only when its window for the token ends.
      expect(seen(await api(a, CALLS.logout, { token: signedOut.token })).status).toBe(200);
      expect(seen(await whoAmI(b, signedOut.token)).status).toBe(200);
      b.clock.advance(60_000);
      expect(seen(await whoAmI(b, signedOut.token)).status).toBe(STATUS.TOKEN_INVALID);
    } finally {
      await redis.start();
    }
    expect(answers.filter((res) => res.http >= 500)).toEqual([]);

    await vi.waitFor(() => revocationReaches(b), 5_000);
    // Both nodes' connections back (ready asks them both), not only the ones a logout uses.
    await vi.waitFor(async () => {
      for (const node of [a, b]) {
        expect((await api(node, CALLS.healthReady, { dfId: null })).http).toBe(200);
      }
    }, 5_000);
    const ip = freshAddress();
    for (let i = 0; i < 10; i++) expect((await exist(i % 2 ? a : b, ip)).status).toBe(200);
    expect((await exist(a, ip)).status).toBe(STATUS.RATE_LIMITED);
  });
});
