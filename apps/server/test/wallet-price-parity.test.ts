import { CALLS, type Order } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import { createPayments } from '../src/modules/payments/index.js';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { orders } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import {
  checkoutOnServer,
  createOrder,
  deliverWebhook,
  getOrder,
  SANDBOX_SECRET,
  sandboxEvent,
} from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    WALLET_JOB_INTERVAL_MS: '3600000',
    FX_RATES: 'USD=1,CNY=7.1,JPY=150',
  });
  wallet = createWalletService({ now: () => server.clock.now });
});
afterAll(() => server.close());

const db = () => server.database.db;
const signIn = () => buildSession(db(), { now: () => server.clock.now });

describe('one price in every language', () => {
  it('sells the same packs for the same value in dollars, yuan and yen', async () => {
    const { token } = await signIn();
    const lists = await Promise.all(
      (['en_US', 'zh_CN', 'ja_JP'] as const).map(
        async (lang) => (await api(server, CALLS.goodsCoins, { token, lang })).data!.tiers,
      ),
    );
    const [usd, cny, jpy] = lists;
    expect(lists.map((l) => l.map((t) => t.gems + t.bonus_gems))).toEqual([
      [60, 320, 740, 1600, 4374, 9258],
      [60, 320, 740, 1600, 4374, 9258],
      [60, 320, 740, 1600, 4374, 9258],
    ]);
    const rates = { USD: 1, CNY: 7.1, JPY: 150 };
    for (const [i, base] of cny!.entries()) {
      const value = base.price / rates.CNY;
      expect(usd![i]!.price / rates.USD / value).toBeGreaterThan(0.85);
      expect(usd![i]!.price / rates.USD / value).toBeLessThan(1.15);
      expect(jpy![i]!.price / rates.JPY / value).toBeGreaterThan(0.85);
      expect(jpy![i]!.price / rates.JPY / value).toBeLessThan(1.15);
    }
  });

  it('refuses to start with rates under which a pack cannot be priced fairly', async () => {
    const start = createPayments({
      db: db(),
      config: { ...server.config, FX_RATES: { USD: 1, CNY: 7.1, JPY: 0.5 } },
      wallet,
      log: server.app.log,
      now: () => server.clock.now,
    });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/FX_RATES: gems_6 in JPY/);
  });
});

describe('an order keeps the currency it was created in', () => {
  async function jpyOrder() {
    const session = await signIn();
    const order = (await createOrder(server, session.token, { goods_id: 'gems_648' }, 'ja_JP'))
      .data!;
    return { ...session, order };
  }

  it('reads in its own currency whatever language asks', async () => {
    const { token, order } = await jpyOrder();
    expect(order).toMatchObject({ currency: 'JPY', amount_minor: 12_000, gems: 6_480 });
    for (const lang of ['en_US', 'zh_CN'] as const) {
      const read = await api(server, CALLS.orderGet, {
        token,
        lang,
        query: { order_no: order.order_no },
      });
      expect(read.data).toMatchObject({ currency: 'JPY', amount_minor: 12_000 });
    }
    const page = await fetch(`${checkoutOnServer(server, order)}?lang=en_US`);
    const html = await page.text();
    expect(html).toContain('¥12,000');
    expect(html).toContain('9,258');
  });

  it('credits nothing when the paid currency or amount differs from the order', async () => {
    const { user, token, order } = await jpyOrder();
    const paid = (changes: Record<string, unknown>) =>
      sandboxEvent(order, user.publicId, 'payment.succeeded', changes);
    const cases = [
      // The same number in another currency: what switching the language used to buy.
      paid({ currency: 'USD' }),
      paid({ currency: 'CNY' }),
      // A fair amount in another currency is still not what this order asked for.
      paid({ currency: 'USD', amount_minor: 8_999 }),
      paid({ currency: 'CNY', amount_minor: 64_800 }),
      paid({ amount_minor: 120 }),
      paid({ currency: 'jpy' }),
    ];
    for (const body of cases) {
      expect(await deliverWebhook(server, body), body).toMatchObject({
        http: 200,
        status: STATUS.WEBHOOK_EVENT_MISMATCH,
        data: null,
      });
    }
    expect(await wallet.balance(db(), user.id)).toBe(0);
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row).toMatchObject({ status: 'processing', currency: 'JPY', amountMinor: 12_000 });

    // The order's own currency and amount still pay it, once.
    expect(await deliverWebhook(server, paid({}))).toMatchObject({
      status: 200,
      data: { result: 'credited' },
    });
    expect(await wallet.balance(db(), user.id)).toBe(9_258);
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('success');
  });

  it('keeps a repeated request from changing its currency', async () => {
    const { token } = await signIn();
    const first = await createOrder(
      server,
      token,
      { idempotency_key: 'switch-lang-0001' },
      'ja_JP',
    );
    const again = await createOrder(
      server,
      token,
      { idempotency_key: 'switch-lang-0001' },
      'en_US',
    );
    expect(first.data!.currency).toBe('JPY');
    expect(again.status).toBe(STATUS.IDEMPOTENCY_KEY_REUSED);
  });
});

describe('another player’s order', () => {
  it('is not found: not readable, not cancellable, nothing of it in the answer', async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const order: Order = (await createOrder(server, owner.token)).data!;
    const read = await getOrder(server, stranger.token, order.order_no);
    expect(read).toMatchObject({ status: STATUS.ORDER_NOT_FOUND, data: null });
    expect(JSON.stringify(read)).not.toContain(order.order_no);
    const unknown = await getOrder(server, stranger.token, 'TF20990101000000000000');
    expect({ status: unknown.status, desc: unknown.desc }).toEqual({
      status: read.status,
      desc: read.desc,
    });
    const cancel = await api(server, CALLS.orderCancel, {
      token: stranger.token,
      body: { order_no: order.order_no },
    });
    expect(cancel.status).toBe(STATUS.ORDER_NOT_FOUND);
    expect((await getOrder(server, owner.token, order.order_no)).data!.status).toBe('processing');
  });
});
