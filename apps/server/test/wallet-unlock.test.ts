import { CALLS, type CallBodyInput } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { unlocks, walletEntries } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger, createUnlockables, TEST_UNLOCKABLES } from './support/wallet.js';

const GAME = 7;
let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer(
    { WALLET_JOB_INTERVAL_MS: '3600000' },
    { unlockables: TEST_UNLOCKABLES },
  );
  wallet = createWalletService({ now: () => server.clock.now });
  await createUnlockables(server.database.db, [
    { kind: 'chapter', gameId: GAME, id: 1, price: 30 },
    { kind: 'chapter', gameId: GAME, id: 2, price: 0 },
    { kind: 'episode', gameId: GAME, id: 1, price: 20 },
    ...Array.from({ length: 1_000 }, (_, i) => ({
      kind: 'chapter' as const,
      gameId: GAME,
      id: 10_000 + i,
      price: 10,
    })),
  ]);
});
afterAll(() => server.close());

const db = () => server.database.db;
let seq = 0;
const key = () => {
  seq += 1;
  return `unlock-${Date.now()}-${seq}`;
};

async function player(gems: number) {
  const session = await buildSession(db(), { now: () => server.clock.now });
  if (gems > 0) await wallet.grant(db(), session.user.id, gems, 'grant', 'start', key());
  return session;
}

const unlock = (token: string, body: CallBodyInput<typeof CALLS.unlock>) =>
  api(server, CALLS.unlock, { token, body });
/** The same call with a body the contract refuses. */
const unlockRaw = (token: string, body: unknown) => apiRaw(server, CALLS.unlock, { token, body });

const ledgerOf = (userId: number) =>
  db().select().from(walletEntries).where(eq(walletEntries.userId, userId));

describe('POST /api/auth/h5/game/unlock', () => {
  it('charges the price once; a second unlock charges nothing', async () => {
    const { user, token } = await player(100);
    const first = await unlock(token, { game_id: GAME, chapter_id: 1, idempotency_key: key() });
    expect(first).toMatchObject({
      status: 200,
      data: { already_unlocked: false, price: 30, gem_balance: 70 },
    });
    const again = await unlock(token, { game_id: GAME, chapter_id: 1, idempotency_key: key() });
    expect(again.data).toEqual({ already_unlocked: true, price: 0, gem_balance: 70 });
    const episode = await unlock(token, { game_id: GAME, episode_id: 1, idempotency_key: key() });
    expect(episode.data).toEqual({ already_unlocked: false, price: 20, gem_balance: 50 });
    const rows = await db().select().from(unlocks).where(eq(unlocks.userId, user.id));
    expect(rows.map((r) => [r.kind, r.targetId, r.price])).toEqual([
      ['chapter', 1, 30],
      ['episode', 1, 20],
    ]);
    expect((await ledgerOf(user.id)).map((e) => e.type)).toEqual([
      'grant',
      'chapter_unlock',
      'episode_unlock',
    ]);
  });

  it('refuses what does not exist or costs nothing, and changes nothing', async () => {
    const { user, token } = await player(100);
    for (const body of [
      { game_id: GAME, chapter_id: 999 },
      { game_id: GAME + 1, chapter_id: 1 },
      { game_id: GAME, chapter_id: 2 },
      { game_id: GAME, episode_id: 2 },
    ]) {
      const res = await unlock(token, { ...body, idempotency_key: key() });
      expect(res.status).toBe(STATUS.UNLOCK_TARGET_UNKNOWN);
    }
    const zh = await api(server, CALLS.unlock, {
      token,
      lang: 'zh_CN',
      body: { game_id: GAME, chapter_id: 999, idempotency_key: key() },
    });
    expect(zh.desc).toBe('该章节或剧集无法解锁');
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('refuses bad bodies with a field message', async () => {
    const { token } = await player(100);
    for (const body of [
      { game_id: GAME, idempotency_key: key() },
      { game_id: GAME, chapter_id: 1, episode_id: 1, idempotency_key: key() },
      { game_id: -1, chapter_id: 1, idempotency_key: key() },
      { game_id: GAME, chapter_id: 1.5, idempotency_key: key() },
      { game_id: GAME, chapter_id: 'one', idempotency_key: key() },
      { game_id: GAME, chapter_id: 1, idempotency_key: 'short' },
      { game_id: GAME, chapter_id: 1 },
    ]) {
      const res = await unlockRaw(token, body);
      expect(res.status, JSON.stringify(body)).toBe(STATUS.INVALID_PARAMS);
    }
  });

  it('says insufficient balance in the player’s language and unlocks nothing', async () => {
    const { user, token } = await player(29);
    const res = await api(server, CALLS.unlock, {
      token,
      lang: 'ja_JP',
      body: { game_id: GAME, chapter_id: 1, idempotency_key: key() },
    });
    expect(res).toMatchObject({
      status: STATUS.INSUFFICIENT_GEMS,
      desc: '残高が不足しています。先にチャージしてください',
    });
    expect(await db().select().from(unlocks).where(eq(unlocks.userId, user.id))).toEqual([]);
    expect(await wallet.balance(db(), user.id)).toBe(29);
  });

  it('answers 100 concurrent identical requests with one entry and the first answer', async () => {
    const { user, token } = await player(100);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        unlock(token, { game_id: GAME, chapter_id: 1, idempotency_key: k }),
      ),
    );
    for (const a of answers) {
      expect(a).toMatchObject({
        status: 200,
        data: { already_unlocked: false, price: 30, gem_balance: 70 },
      });
    }
    expect(await ledgerOf(user.id)).toHaveLength(2);
    const reused = await unlock(token, { game_id: GAME, episode_id: 1, idempotency_key: k });
    expect(reused.status).toBe(STATUS.IDEMPOTENCY_KEY_REUSED);
    expect(await wallet.balance(db(), user.id)).toBe(70);
  });

  it('lets exactly 10 of 1,000 concurrent 10-gem unlocks through on 100 gems', async () => {
    const { user, token } = await player(100);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        unlock(token, { game_id: GAME, chapter_id: 10_000 + i, idempotency_key: key() }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.status === STATUS.INSUFFICIENT_GEMS)).toHaveLength(990);
    expect(ok.map((a) => a.data!.gem_balance).sort((a, b) => a - b)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    expect(await wallet.balance(db(), user.id)).toBe(0);
    expect(await db().select().from(unlocks).where(eq(unlocks.userId, user.id))).toHaveLength(10);
    expect((await checkLedger(db())).violations).toEqual([]);
  }, 120_000);
});
