import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLotExpiry } from '../src/modules/wallet/expiry-job.js';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { gemLots, walletEntries } from '../src/platform/db/schema/index.js';
import { buildSession, buildUser } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer({ WALLET_JOB_INTERVAL_MS: '3600000' });
  wallet = createWalletService({ now: () => server.clock.now });
});
afterAll(() => server.close());

const db = () => server.database.db;
const signIn = () => buildSession(db(), { now: () => server.clock.now });
const balanceOf = (token: string) =>
  api(server, CALLS.walletBalance, {
    token,
    query: { platform_flag: '2' },
  });
const entriesOf = (userId: number) =>
  db().select().from(walletEntries).where(eq(walletEntries.userId, userId));
let keySeq = 0;
const key = (what = 'k') => {
  keySeq += 1;
  return `${what}-${Date.now()}-${keySeq}`;
};

describe('balance and history calls', () => {
  it('answers 0 for a user who never held gems, then the credited amount', async () => {
    const { user, token } = await signIn();
    expect((await balanceOf(token)).data).toEqual({ gem_balance: 0, balance: 0 });
    await wallet.grant(db(), user.id, 120, 'grant', 'welcome', key());
    expect(await balanceOf(token)).toMatchObject({
      status: 200,
      data: { gem_balance: 120, balance: 120 },
    });
  });

  it('needs platform_flag=2 and a token', async () => {
    const { token } = await signIn();
    const missing = await apiRaw(server, CALLS.walletBalance, { token });
    expect(missing.status).toBe(STATUS.INVALID_PARAMS);
    expect(missing.desc).toMatch(/platform_flag/);
    const wrong = await api(server, CALLS.walletBalance, {
      token,
      query: { platform_flag: '3' },
    });
    expect(wrong.status).toBe(STATUS.INVALID_PARAMS);
    const anonymous = await api(server, CALLS.walletBalance, {
      query: { platform_flag: '2' },
    });
    expect(anonymous.status).toBe(STATUS.NO_TOKEN);
  });

  it('pages the history newest first with typed entries', async () => {
    const { user, token } = await signIn();
    await wallet.grant(db(), user.id, 100, 'recharge', 'TF-order-1', key());
    await wallet.spend(db(), user.id, 10, 'chat_message', 'message:1', key());
    await wallet.spend(db(), user.id, 30, 'chapter_unlock', 'chapter:1:2', key());
    const first = await api(server, CALLS.walletTransactions, {
      token,
      query: { page: '1', page_size: '2' },
    });
    expect(first.data).toMatchObject({ page: 1, page_size: 2, total: 3 });
    expect(first.data!.list.map((e) => [e.type, e.amount, e.balance_after])).toEqual([
      ['chapter_unlock', -30, 60],
      ['chat_message', -10, 90],
    ]);
    const second = await api(server, CALLS.walletTransactions, {
      token,
      query: { page: '2', page_size: '2' },
    });
    expect(second.data!.list).toMatchObject([
      { type: 'recharge', amount: 100, balance_after: 100, ref: 'TF-order-1' },
    ]);
    const bad = await api(server, CALLS.walletTransactions, {
      token,
      query: { page_size: '500' },
    });
    expect(bad.status).toBe(STATUS.INVALID_PARAMS);
  });
});

describe('spending', () => {
  it('takes the lots that expire soonest first', async () => {
    const user = await buildUser(db());
    server.clock.now = new Date('2026-05-01T00:00:00Z');
    await wallet.grant(db(), user.id, 50, 'recharge', 'older', key());
    server.clock.now = new Date('2026-06-01T00:00:00Z');
    await wallet.grant(db(), user.id, 50, 'recharge', 'newer', key());
    await wallet.spend(db(), user.id, 70, 'chat_message', 'm', key());
    const lots = await db()
      .select()
      .from(gemLots)
      .where(eq(gemLots.userId, user.id))
      .orderBy(gemLots.expiresAt);
    expect(lots.map((l) => l.remaining)).toEqual([0, 30]);
    expect(lots.map((l) => l.expiresAt.toISOString())).toEqual([
      '2027-05-01T00:00:00.000Z',
      '2027-06-01T00:00:00.000Z',
    ]);
  });

  it('refuses more than the balance and changes nothing', async () => {
    const user = await buildUser(db());
    await wallet.grant(db(), user.id, 25, 'grant', 'g', key());
    await expect(wallet.spend(db(), user.id, 26, 'chat_message', 'm', key())).rejects.toMatchObject(
      { status: STATUS.INSUFFICIENT_GEMS },
    );
    const stranger = await buildUser(db());
    await expect(
      wallet.spend(db(), stranger.id, 1, 'chat_message', 'm', key()),
    ).rejects.toMatchObject({ status: STATUS.INSUFFICIENT_GEMS });
    expect(await wallet.balance(db(), user.id)).toBe(25);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    'refuses the amount %s with 3003 and changes nothing',
    async (amount) => {
      const user = await buildUser(db());
      await wallet.grant(db(), user.id, 10, 'grant', 'g', key());
      await expect(
        wallet.spend(db(), user.id, amount, 'chat_message', 'm', key()),
      ).rejects.toMatchObject({ status: STATUS.INVALID_GEM_AMOUNT });
      await expect(wallet.grant(db(), user.id, amount, 'grant', 'g', key())).rejects.toMatchObject({
        status: STATUS.INVALID_GEM_AMOUNT,
      });
      expect(await entriesOf(user.id)).toHaveLength(1);
    },
  );

  it('answers 100 concurrent identical spends with one key with one entry', async () => {
    const user = await buildUser(db());
    await wallet.grant(db(), user.id, 1_000, 'grant', 'g', key());
    const k = key('spend');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => wallet.spend(db(), user.id, 10, 'chat_message', 'm:1', k)),
    );
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.balance(db(), user.id)).toBe(990);
    expect(await entriesOf(user.id)).toHaveLength(2);
  });

  it('refuses a key reused for a different spend', async () => {
    const user = await buildUser(db());
    await wallet.grant(db(), user.id, 100, 'grant', 'g', key());
    const k = key('spend');
    await wallet.spend(db(), user.id, 10, 'chat_message', 'm:1', k);
    await expect(wallet.spend(db(), user.id, 20, 'chat_message', 'm:1', k)).rejects.toMatchObject({
      status: STATUS.IDEMPOTENCY_KEY_REUSED,
    });
    await expect(wallet.spend(db(), user.id, 10, 'chat_message', 'm:2', k)).rejects.toMatchObject({
      status: STATUS.IDEMPOTENCY_KEY_REUSED,
    });
    expect(await wallet.balance(db(), user.id)).toBe(90);
  });

  it('commits a spend only with the caller’s transaction', async () => {
    const user = await buildUser(db());
    await wallet.grant(db(), user.id, 100, 'grant', 'g', key());
    await expect(
      db().transaction(async (tx) => {
        await wallet.spend(tx, user.id, 40, 'chapter_unlock', 'c', key());
        throw new Error('what it buys failed');
      }),
    ).rejects.toThrow('what it buys failed');
    expect(await wallet.balance(db(), user.id)).toBe(100);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('counts a leap-day lot until 1 March next year, to the second', async () => {
    server.clock.now = new Date('2028-02-29T12:00:00Z');
    const user = await buildUser(db());
    await wallet.grant(db(), user.id, 100, 'recharge', 'leap', key());

    server.clock.now = new Date('2029-03-01T11:59:59Z');
    expect(await wallet.balance(db(), user.id)).toBe(100);
    await wallet.spend(db(), user.id, 10, 'chat_message', 'm', key());

    server.clock.now = new Date('2029-03-01T12:00:01Z');
    // Not yet swept by the job, and still never counted.
    expect(await wallet.balance(db(), user.id)).toBe(0);
    const session = await buildSession(db(), { now: () => server.clock.now });
    await wallet.grant(db(), session.user.id, 5, 'grant', 'g', key());
    expect((await balanceOf(session.token)).data).toEqual({ gem_balance: 5, balance: 5 });
    await expect(wallet.spend(db(), user.id, 1, 'chat_message', 'm', key())).rejects.toMatchObject({
      status: STATUS.INSUFFICIENT_GEMS,
    });
    expect((await entriesOf(user.id)).map((e) => e.type)).toEqual(['recharge', 'chat_message']);

    await runLotExpiry(db(), wallet);
    await runLotExpiry(db(), wallet);
    const entries = await entriesOf(user.id);
    expect(entries.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['recharge', 100, 100],
      ['chat_message', -10, 90],
      ['expiry', -90, 0],
    ]);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('sweeps expired lots inside a spend and keeps the live ones', async () => {
    const user = await buildUser(db());
    server.clock.now = new Date('2030-01-01T00:00:00Z');
    await wallet.grant(db(), user.id, 40, 'recharge', 'old', key());
    server.clock.now = new Date('2030-06-01T00:00:00Z');
    await wallet.grant(db(), user.id, 60, 'recharge', 'new', key());
    server.clock.now = new Date('2031-01-01T00:00:00Z');
    const spent = await wallet.spend(db(), user.id, 15, 'chat_message', 'm', key());
    expect(spent.entry.balanceAfter).toBe(45);
    expect((await entriesOf(user.id)).map((e) => [e.type, e.amount])).toEqual([
      ['recharge', 40],
      ['recharge', 60],
      ['expiry', -40],
      ['chat_message', -15],
    ]);
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});
