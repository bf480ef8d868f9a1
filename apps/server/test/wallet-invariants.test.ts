import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import { runLotExpiry } from '../src/modules/wallet/expiry-job.js';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { AppError } from '../src/platform/http/app-error.js';
import { testDriver } from './support/database.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import {
  deliverWebhook,
  idempotencyKey,
  SANDBOX_SECRET,
  sandboxEvent,
} from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import {
  checkLedgerSnapshot,
  checkOrderCredits,
  createUnlockables,
  TEST_UNLOCKABLES,
} from './support/wallet.js';

/**
 * A bank test in the spirit of Jepsen's: many wallets, concurrent random top-ups (with duplicate
 * and retried webhooks), unlocks (with replayed keys), chat spends, expiries and reads, while
 * database connections are killed under the server (PostgreSQL). Every snapshot must balance.
 */
const SECONDS = Number(process.env.WALLET_INVARIANT_SECONDS ?? 60);
const PLAYERS = 12;
const WORKERS = 16;
/**
 * The workers start their operations together on a beat: every idle worker at once, so each
 * beat is a burst of up to WORKERS operations racing one another. Without it they ran as fast as
 * the machine let them and took every core for the whole minute (an idle machine: 8,600
 * operations, 97 CPU s), starving the tests beside them, while what the run proves rests on the
 * operations overlapping, not on their number (full runs fitted 1,000 to 6,800, as their load
 * let them).
 */
const BEAT_MS = 400;
const CHAPTERS = 300;

interface Player {
  userId: number;
  publicId: string;
  token: string;
}

let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer(
    {
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      WALLET_JOB_INTERVAL_MS: '700',
      SESSION_TTL_DAYS: '365',
    },
    { unlockables: TEST_UNLOCKABLES },
  );
  wallet = createWalletService({ now: () => server.clock.now });
  await createUnlockables(
    server.database.db,
    Array.from({ length: CHAPTERS }, (_, i) => ({
      kind: 'chapter' as const,
      gameId: 1,
      id: i + 1,
      price: 10 + (i % 5) * 10,
    })),
  );
});
afterAll(() => server.close());

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retries what a real client or provider retries: a lost answer (server fault, network). */
async function withRetries<T>(attempt: () => Promise<T>, failed: (r: T) => boolean): Promise<T> {
  let result = await attempt().catch(() => null);
  for (let i = 0; i < 20 && (result === null || failed(result)); i += 1) {
    await sleep(20);
    result = await attempt().catch(() => null);
  }
  if (result === null) throw new Error('no answer after retries');
  return result;
}

async function signIn(): Promise<Player> {
  const s = await withRetries(
    () => buildSession(server.database.db, { now: () => server.clock.now }),
    () => false,
  );
  return { userId: s.user.id, publicId: s.user.publicId, token: s.token };
}

describe('wallet invariants under chaos', () => {
  it(
    `holds for ${SECONDS}s of random load${testDriver() === 'postgres' ? ' with killed connections' : ''}`,
    async () => {
      const players = await Promise.all(Array.from({ length: PLAYERS }, signIn));
      // Starting gems bought almost a year ago: they expire early in the run, whatever its length.
      for (const p of players) {
        await wallet.grant(
          server.database.db,
          p.userId,
          500,
          'grant',
          'start',
          `start-${p.userId}`,
        );
      }
      server.clock.advance(360 * 86_400_000);
      const sessions = createSessionService({
        db: server.database.db,
        ttlDays: 365,
        now: () => server.clock.now,
      });
      for (const p of players) p.token = (await sessions.createSession(p.userId)).token;
      const counts = {
        topUps: 0,
        unlocks: 0,
        chats: 0,
        reads: 0,
        expiries: 0,
        kills: 0,
        checks: 0,
      };
      const violations: string[] = [];
      const deadline = Date.now() + SECONDS * 1000;

      async function authed<T>(p: Player, run: () => Promise<{ status: number; data: T | null }>) {
        const res = await withRetries(run, (r) => r.status >= 500 || r.status === 0);
        if (res.status === STATUS.TOKEN_EXPIRED || res.status === STATUS.TOKEN_INVALID) {
          const fresh = await withRetries(
            () => sessions.createSession(p.userId),
            () => false,
          );
          p.token = fresh.token;
        }
        return res;
      }

      async function topUp(p: Player) {
        const order = await authed(p, () =>
          api(server, CALLS.orderCreate, {
            token: p.token,
            body: {
              goods_id: pick(['gems_6', 'gems_30', 'gems_68']),
              pay_method: 'card',
              idempotency_key: idempotencyKey(),
            },
          }),
        );
        if (!order.data) return;
        const body = sandboxEvent(order.data, p.publicId, 'payment.succeeded');
        const deliveries = Math.random() < 0.3 ? 3 : 1;
        // Sometimes the result page's status check races the deliveries.
        if (Math.random() < 0.3) {
          void api(server, CALLS.orderGet, {
            token: p.token,
            query: { order_no: order.data.order_no },
          }).catch(() => {});
        }
        await Promise.all(
          Array.from({ length: deliveries }, () =>
            withRetries(
              () => deliverWebhook(server, body),
              (r) => r.http !== 200,
            ),
          ),
        );
        counts.topUps += 1;
      }

      async function unlock(p: Player) {
        const key = idempotencyKey('unlock');
        const body = {
          game_id: 1,
          chapter_id: 1 + Math.floor(Math.random() * CHAPTERS),
          idempotency_key: key,
        };
        const send = () => api(server, CALLS.unlock, { token: p.token, body });
        await authed(p, send);
        if (Math.random() < 0.2) await authed(p, send);
        counts.unlocks += 1;
      }

      async function chat(p: Player) {
        const key = idempotencyKey('chat');
        await withRetries(
          () =>
            wallet
              .spend(server.database.db, p.userId, 10, 'chat_message', `message:${key}`, key)
              .then(() => 'ok')
              .catch((e: unknown) => {
                if (e instanceof AppError && e.status === STATUS.INSUFFICIENT_GEMS)
                  return 'refused';
                throw e;
              }),
          () => false,
        );
        counts.chats += 1;
      }

      async function read(p: Player) {
        const res = await authed<{ gem_balance: number }>(p, () =>
          api(server, CALLS.walletBalance, {
            token: p.token,
            query: { platform_flag: '2' },
          }),
        );
        if (res.data && res.data.gem_balance < 0)
          violations.push(`negative read ${res.data.gem_balance}`);
        counts.reads += 1;
      }

      async function expire() {
        await withRetries(
          () => runLotExpiry(server.database.db, wallet),
          () => false,
        );
        counts.expiries += 1;
      }

      // Time runs faster than the calendar: two years pass during the run, following the wall
      // clock, so lots bought early expire while spends, reads and the expiry job race them.
      const startedAt = Date.now();
      const startedClock = server.clock.now.getTime();
      async function calendar() {
        while (Date.now() < deadline) {
          await sleep(100);
          const elapsed = (Date.now() - startedAt) / (SECONDS * 1000);
          server.clock.now = new Date(startedClock + elapsed * 2 * 365 * 86_400_000);
        }
      }

      // Every worker waiting sleeps to the same instant, so they wake together.
      const nextBeat = () => sleep(BEAT_MS - (Date.now() % BEAT_MS));

      async function worker() {
        while (Date.now() < deadline) {
          await nextBeat();
          const p = pick(players);
          const roll = Math.random();
          if (roll < 0.25) await topUp(p);
          else if (roll < 0.6) await unlock(p);
          else if (roll < 0.75) await chat(p);
          else if (roll < 0.97) await read(p);
          else await expire();
        }
      }

      async function checker() {
        while (Date.now() < deadline) {
          await sleep(1_000);
          const report = await checkLedgerSnapshot(server.database.db).catch(() => null);
          if (report) {
            violations.push(...report.violations);
            counts.checks += 1;
          }
        }
      }

      async function killer() {
        const url = (server.database as { url?: string }).url;
        if (testDriver() !== 'postgres' || !url) return;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        while (Date.now() < deadline) {
          await sleep(150 + Math.random() * 300);
          const res = await admin.query(
            `select pg_terminate_backend(pid) as killed from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
           order by random() limit 1`,
          );
          if (res.rows[0]?.killed) counts.kills += 1;
        }
        await admin.end();
      }

      await Promise.all([
        ...Array.from({ length: WORKERS }, worker),
        checker(),
        killer(),
        calendar(),
      ]);

      const final = await checkLedgerSnapshot(server.database.db);
      violations.push(...final.violations, ...(await checkOrderCredits(server.database.db)));
      console.log(
        `[wallet invariants ${testDriver()}] ${JSON.stringify(counts)} totals ${JSON.stringify(final.totals)}`,
      );
      expect(violations).toEqual([]);
      expect(counts.checks).toBeGreaterThan(SECONDS / 3);
      expect(final.totals.minted).toBeGreaterThan(0);
      expect(final.totals.spent).toBeGreaterThan(0);
      expect(final.totals.expired).toBeGreaterThan(0);
      if (testDriver() === 'postgres') expect(counts.kills).toBeGreaterThan(0);
    },
    (SECONDS + 120) * 1000,
  );
});
