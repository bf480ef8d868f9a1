import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CALLS } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/platform/db/client.js';
import { chatPost } from './support/chat.js';
import { createTestDatabase, testDriver } from './support/database.js';
import { buildSession } from './support/factories.js';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.js';
import { api } from './support/http.js';
import {
  balanceOf,
  conversationOf,
  expectNothingLost,
  loadScene,
  rounds,
} from './support/node-checks.js';
import {
  deliverTo,
  fundedPlayer,
  type LoadLog,
  replyUnderWay,
  rowsOf,
  runLoad,
} from './support/node-load.js';
import { type Cluster, type Node, startCluster } from './support/nodes.js';
import { idempotencyKey, sandboxEvent } from './support/payments.js';
import { killRedisServers, type RedisServer, startRedisServer } from './support/redis-server.js';
import { killServers } from './support/server-process.js';
import { createWork, saveFile } from './support/studio.js';
import { checkOrderCredits } from './support/wallet.js';

// The acceptance of running several nodes (issue 24): three server processes, as `npm start`
// runs them, on one PostgreSQL database and one Redis, every request sent to the next node.

let database: Database & { url?: string };
let redis: RedisServer;
let llm: FakeLlm;
let cluster: Cluster;
let n1: Node;
let n2: Node;
let n3: Node;

afterAll(async () => {
  killServers();
  killRedisServers();
  await llm?.close();
  await database?.close();
});

const homeIds = async (node: Node) =>
  (await api(node, CALLS.home)).data!.sections.flatMap((s) => s.games.map((g) => g.id));

describe.skipIf(testDriver() !== 'postgres')(
  'three nodes on one PostgreSQL and one Redis (PostgreSQL only: an embedded database is one process’s alone)',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase();
      llm = await startFakeLlm({
        tokenDelayMs: 60,
        chunkChars: 6,
        fallback: { text: 'I hear you. Go on, tell me the rest of it.' },
      });
      redis = await startRedisServer();
      // Started at the same instant, on an empty database: each seeds the demo works on start.
      cluster = await startCluster(3, {
        databaseUrl: database.url!,
        redisUrl: redis.url,
        env: {
          CHAT_SENDS_PER_MINUTE: '100000',
          // Longer than any test: only a drop sent by another node can refresh a node's pages.
          CATALOGUE_CACHE_MS: '60000',
          // A paid model whose replies take half a second: a node can die while writing one.
          ...llm.env,
          // A resend of a reply cut off by a dead node waits for it this long.
          LLM_MAX_REPLY_MS: '3000',
          // The sweeps (expiry, time-outs, abandoned replies) come round every second.
          WALLET_JOB_INTERVAL_MS: '1000',
        },
      });
      [n1, n2, n3] = cluster.nodes as [Node, Node, Node];
    }, 180_000);

    it('nodes starting together seed the demo works once and all show the same catalogue', async () => {
      const twice = await rowsOf(
        database.db,
        sql`select chapter_id from chapter_versions group by chapter_id having count(*) > 1`,
      );
      expect(twice).toEqual([]);
      expect((await rowsOf(database.db, sql`select slug from games`)).length).toBeGreaterThan(3);
      // The series are seeded before a node listens too: their rows, not their videos.
      const series = await rowsOf<{ game_id: number }>(
        database.db,
        sql`select game_id::int as game_id from series`,
      );
      expect(series.length).toBeGreaterThan(0);
      const seen = await Promise.all(cluster.nodes.map(homeIds));
      expect(seen[0]).toEqual(expect.arrayContaining(series.map((row) => row.game_id)));
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);
    });

    it('per-address sign-in limits hold across the nodes, not per node', async () => {
      const from = { 'x-forwarded-for': '203.0.113.7' };
      const attempt = (node: Node, i: number, lang = 'en_US') =>
        api(node, CALLS.login, {
          lang,
          headers: from,
          body: {
            email: `nobody-${i}@example.com`,
            pwd: 'guess-1234',
            oauth_enum: 'EMAIL',
            scene_type: 1,
          },
        });
      // 30 a minute from one address (auth-limits.ts), spread over three nodes.
      for (let i = 0; i < 30; i++) {
        const res = await attempt(cluster.next(), i);
        expect(res.status, `attempt ${i + 1}`).toBe(STATUS.LOGIN_FAILED);
      }
      for (const node of cluster.nodes) {
        expect(await attempt(node, 99, 'ja_JP'), node.name).toMatchObject({
          http: 200,
          status: STATUS.RATE_LIMITED,
          desc: statusMessage(STATUS.RATE_LIMITED, 'ja_JP'),
        });
      }
      // Another address is not held back.
      const other = await api(n2, CALLS.login, {
        headers: { 'x-forwarded-for': '203.0.113.8' },
        body: {
          email: 'nobody@example.com',
          pwd: 'guess-1234',
          oauth_enum: 'EMAIL',
          scene_type: 1,
        },
      });
      expect(other.status).toBe(STATUS.LOGIN_FAILED);
    });

    it('a logout on node 1 is refused on node 3 within 100 ms', async () => {
      const { token } = await buildSession(database.db);
      // Node 3 has checked the token and trusts it for a few seconds (decision 0015).
      expect((await api(n3, CALLS.userInfo, { token })).status).toBe(200);
      expect((await api(n1, CALLS.logout, { token })).status).toBe(200);
      await sleep(100);
      expect(await api(n3, CALLS.userInfo, { token, lang: 'zh_CN' })).toMatchObject({
        status: STATUS.TOKEN_INVALID,
        desc: statusMessage(STATUS.TOKEN_INVALID, 'zh_CN'),
      });
    });

    it('one webhook delivered to two nodes at the same instant credits once', async () => {
      const { user, token } = await buildSession(database.db);
      const order = await api(n1, CALLS.orderCreate, {
        token,
        body: { goods_id: 'gems_6', pay_method: 'card', idempotency_key: idempotencyKey() },
      });
      expect(order.status).toBe(200);
      const body = sandboxEvent(order.data!, user.publicId, 'payment.succeeded');
      expect(await Promise.all([deliverTo(n1, body), deliverTo(n2, body)])).toEqual([200, 200]);
      expect(await balanceOf(n3, token)).toBe(60);
      const credits = await rowsOf(
        database.db,
        sql`select count(*)::int as n from wallet_entries where ref = ${order.data!.order_no}`,
      );
      expect(credits).toEqual([{ n: 1 }]);
      expect(await checkOrderCredits(database.db)).toEqual([]);
    });

    it('a studio publish on node 2 shows on node 1 within 1 s', async () => {
      const { token } = await buildSession(database.db);
      const work = await createWork(n2, token, 'Harbour Lights');
      const updated = await api(n2, CALLS.studioWorkUpdate, {
        token,
        body: {
          id: work.id,
          revision: work.revision,
          chapters: [{ title: { en_US: 'The quay' }, file: 'one.ink', price_gems: 0 }],
        },
      });
      expect(updated.status).toBe(200);
      expect(
        (await saveFile(n2, token, work.id, 'one.ink', 'The quay is quiet.\n-> END\n')).status,
      ).toBe(200);
      const before = await homeIds(n1); // node 1 keeps this page for CATALOGUE_CACHE_MS
      const published = await api(n2, CALLS.studioPublish, { token, body: { id: work.id } });
      expect(published.status).toBe(200);
      const gameId = published.data!.game_id!;
      expect(before).not.toContain(gameId);
      await vi.waitFor(async () => expect(await homeIds(n1)).toContain(gameId), {
        timeout: 1_000,
        interval: 20,
      });
    });

    const scene = (count: number) => loadScene(cluster, database.db, count);

    it('Redis stopped mid-load: not one 5xx, and nothing lost', async () => {
      const s = await scene(4);
      const log: LoadLog = { answers: [] };
      let stop = false;
      const load = runLoad(cluster, s.players, s, log, () => stop);
      await vi.waitFor(() => expect(rounds(s.players)).toBeGreaterThanOrEqual(8), {
        timeout: 60_000,
        interval: 20,
      });
      await redis.stop();
      const during = rounds(s.players);
      // Sign-in and sign-out go on too, on every node.
      for (const node of cluster.nodes) {
        const login = await api(node, CALLS.login, {
          headers: { 'x-forwarded-for': '203.0.113.50' },
          body: {
            email: 'nobody@example.com',
            pwd: 'guess-1234',
            oauth_enum: 'EMAIL',
            scene_type: 1,
          },
        });
        expect(login).toMatchObject({ http: 200, status: STATUS.LOGIN_FAILED });
        const { token } = await buildSession(database.db);
        expect(await api(node, CALLS.logout, { token })).toMatchObject({ http: 200, status: 200 });
      }
      await vi.waitFor(() => expect(rounds(s.players)).toBeGreaterThanOrEqual(during + 12), {
        timeout: 60_000,
        interval: 20,
      });
      await redis.start();
      const after = rounds(s.players);
      await vi.waitFor(() => expect(rounds(s.players)).toBeGreaterThanOrEqual(after + 8), {
        timeout: 60_000,
        interval: 20,
      });
      stop = true;
      await load;
      await expectNothingLost(cluster, database.db, s, log);
    }, 180_000);

    it('one node SIGKILLed mid-load loses no gems and no messages', async () => {
      const s = await scene(6);
      const log: LoadLog = { answers: [] };
      let stop = false;
      const load = runLoad(cluster, s.players, s, log, () => stop);
      await vi.waitFor(() => expect(rounds(s.players)).toBeGreaterThanOrEqual(12), {
        timeout: 60_000,
        interval: 20,
      });
      // Killed while it writes a reply, with the rest of the load under way on every node.
      const talker = await fundedPlayer(cluster, database.db);
      const message = {
        ...conversationOf(s),
        client_message_id: randomUUID(),
        text: 'Still there?',
      };
      const cut = await replyUnderWay(n3, talker.token, message);
      await cluster.kill(n3);
      await cut.abandon();
      const killedAt = rounds(s.players);
      // The player sends it again, as the chat panel does, and is answered by another node.
      const again = await chatPost(n1, CALLS.chatSend, talker.token, message);
      expect(again.envelope).toBeNull();
      expect(['done', 'error']).toContain(again.events.at(-1)?.event);
      await vi.waitFor(() => expect(rounds(s.players)).toBeGreaterThanOrEqual(killedAt + 12), {
        timeout: 60_000,
        interval: 20,
      });
      stop = true;
      await load;
      expect(log.answers.some((a) => a.node === n3.name)).toBe(true);
      await expectNothingLost(cluster, database.db, s, log);
      const record = await api(n2, CALLS.chatRecord, {
        token: talker.token,
        query: { ...conversationOf(s), limit: 10 },
      });
      expect(record.data!.records.map((r) => r.role)).toEqual(['player', 'npc']);
      expect(record.data!.records[0]!.text).toBe('Still there?');
      expect(record.data!.records[1]!.state).toBe('failed');
      // Charged when it was sent, refunded once its reply was found abandoned.
      expect(await balanceOf(n1, talker.token)).toBe(talker.credited);
    }, 180_000);
  },
);
