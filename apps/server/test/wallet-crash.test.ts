import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Order } from '@taleforge/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { signPayload } from '../src/modules/payments/signature.js';
import { openDatabase } from '../src/platform/db/client.js';
import { createTestDatabase, migratedDataDir, tempDir, testDriver } from './support/database.js';
import { idempotencyKey, SANDBOX_SECRET, sandboxEvent } from './support/payments.js';
import { checkLedger, checkOrderCredits } from './support/wallet.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  srv.close();
  return port;
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
});

async function start(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  child = spawn(
    process.execPath,
    ['--conditions=taleforge-source', '--import', 'tsx', 'test/support/wallet-server.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}/taleforge`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function post(base: string, p: string, token: string, body: unknown) {
  const res = await fetch(`${base}${p}?lang=en_US&df_id=v_crash`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: unknown };
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
    const load = players.map(async (p) => {
      while (running) {
        try {
          if (Math.random() < 0.5) {
            chapter += 1;
            await post(base, '/api/auth/h5/game/unlock', p.token, {
              game_id: 1,
              chapter_id: chapter,
              idempotency_key: idempotencyKey('crash'),
            });
          } else {
            const order = await post(base, '/api/auth/v1/order', p.token, {
              goods_id: 'gems_6',
              pay_method: 'card',
              idempotency_key: idempotencyKey(),
            });
            if (order.status !== 200) continue;
            const body = sandboxEvent(order.data as Order, p.publicId, 'payment.succeeded');
            sent.push(body);
            await Promise.all([deliver(base, body), deliver(base, body)]);
          }
        } catch {
          // The server is gone mid-request: exactly the moment under test.
        }
      }
    });
    await new Promise((r) => setTimeout(r, 2_000));
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
