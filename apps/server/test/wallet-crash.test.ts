import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CALLS, type CallBodyInput, type CallData, type CallDef } from '@taleforge/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signPayload } from '../src/modules/payments/signature.js';
import { openDatabase } from '../src/platform/db/client.js';
import { createTestDatabase, migratedDataDir, tempDir, testDriver } from './support/database.js';
import { idempotencyKey, SANDBOX_SECRET, sandboxEvent } from './support/payments.js';
import { killServers, spawnServer } from './support/server-process.js';
import { checkLedger, checkOrderCredits } from './support/wallet.js';

afterAll(killServers);

let child: ChildProcess | undefined;

async function start(env: Record<string, string>): Promise<string> {
  const server = await spawnServer(
    { LOG_LEVEL: 'warn', NODE_ENV: 'test', SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, ...env },
    { entry: 'test/support/wallet-server.ts' },
  );
  child = server.child;
  return server.base;
}

async function post<C extends CallDef>(
  base: string,
  def: C,
  token: string,
  body: CallBodyInput<C>,
) {
  const res = await fetch(`${base}${def.path}?lang=en_US&df_id=v_crash`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: CallData<C> | null };
}

function deliver(base: string, body: string) {
  const t = Math.floor(Date.now() / 1000);
  return fetch(`${base}/api/v1/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'taleforge-signature': signPayload(SANDBOX_SECRET, body, t),
    },
    body,
  });
}

describe('crash', () => {
  it('keeps the ledger whole when the server is SIGKILLed in the middle of spends and webhooks', async () => {
    const pgDatabase = testDriver() === 'postgres' ? await createTestDatabase() : null;
    const dataDir = pgDatabase ? await tempDir() : await migratedDataDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgDatabase?.url ?? '' };
    let base = await start({ ...env, WALLET_SEED_PLAYERS: '8' });
    const players = JSON.parse(await readFile(path.join(dataDir, 'players.json'), 'utf8')) as {
      publicId: string;
      token: string;
    }[];

    // Webhooks the provider has sent at least once: it keeps sending them until one is answered.
    const sent: string[] = [];
    let running = true;
    let chapter = 0;
    let unlocked = 0;
    const load = players.map(async (p) => {
      while (running) {
        try {
          if (Math.random() < 0.5) {
            chapter += 1;
            const unlock = await post(base, CALLS.unlock, p.token, {
              game_id: 1,
              chapter_id: chapter,
              idempotency_key: idempotencyKey('crash'),
            });
            if (unlock.status === 200) unlocked += 1;
          } else {
            const order = await post(base, CALLS.orderCreate, p.token, {
              goods_id: 'gems_6',
              pay_method: 'card',
              idempotency_key: idempotencyKey(),
            });
            if (order.status !== 200) continue;
            const body = sandboxEvent(order.data!, p.publicId, 'payment.succeeded');
            sent.push(body);
            await Promise.all([deliver(base, body), deliver(base, body)]);
          }
        } catch {
          // The server is gone mid-request: exactly the moment under test.
        }
      }
    });
    // Killed once spends and payments are under way, however long that takes to come about.
    await vi.waitFor(
      () => {
        expect(unlocked).toBeGreaterThanOrEqual(3);
        expect(sent.length).toBeGreaterThanOrEqual(3);
      },
      { timeout: 60_000, interval: 20 },
    );
    child!.kill('SIGKILL');
    await once(child!, 'exit');
    running = false;
    await Promise.all(load);
    expect(sent.length).toBeGreaterThan(0);

    base = await start(env);
    for (const body of sent) expect((await deliver(base, body)).status).toBe(200);
    child!.kill('SIGTERM');
    await once(child!, 'exit');

    const database = pgDatabase ?? (await openDatabase({ dataDir }));
    try {
      const report = await checkLedger(database.db);
      expect(report.violations).toEqual([]);
      expect(await checkOrderCredits(database.db)).toEqual([]);
      expect(report.totals.spent).toBeGreaterThan(0);
      expect(report.totals.minted).toBeGreaterThan(8 * 1_000);
    } finally {
      await database.close();
    }
  }, 120_000);
});
