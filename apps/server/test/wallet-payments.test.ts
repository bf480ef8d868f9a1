import { CALLS, type CallData, type Order } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayments } from '../src/modules/payments/index.js';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { orders, walletEntries } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api, apiRaw, injectUrl } from './support/http.js';
import {
  checkoutOnServer,
  createOrder,
  deliverWebhook,
  getOrder,
  idempotencyKey,
  orderBody,
  SANDBOX_SECRET,
  sandboxEvent,
} from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    WALLET_JOB_INTERVAL_MS: '3600000',
    ORDER_TIMEOUT_MINUTES: '30',
  });
  wallet = createWalletService({ now: () => server.clock.now });
});
afterAll(() => server.close());

const db = () => server.database.db;
const signIn = () => buildSession(db(), { now: () => server.clock.now });
const credits = (userId: number) =>
  db().select().from(walletEntries).where(eq(walletEntries.userId, userId));

/** Acts on the hosted checkout page as the payer's browser does. */
async function actOnCheckout(order: Order, action: 'pay' | 'fail' | 'cancel', method = 'alipay') {
  return fetch(checkoutOnServer(server, order), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, pay_method: method }).toString(),
    redirect: 'manual',
  });
}

describe('GET /api/auth/v1/goods/coins', () => {
  it('lists the six packs in the currency of the language, each at its own familiar price', async () => {
    const { token } = await signIn();
    const en = await api(server, CALLS.goodsCoins, { token });
    expect(en.data!.tiers.map((t) => [t.price, t.currency, t.gems, t.bonus_gems])).toEqual([
      [0.79, 'USD', 60, 0],
      [3.99, 'USD', 300, 20],
      [8.99, 'USD', 680, 60],
      [17.99, 'USD', 1280, 320],
      [44.99, 'USD', 3280, 1094],
      [89.99, 'USD', 6480, 2778],
    ]);
    expect(en.data!.tiers.map((t) => t.discount_percent)).toEqual([null, null, null, 20, 25, 30]);
    expect(en.data!.tiers[0]!.price_minor).toBe(79);
    const zh = await api(server, CALLS.goodsCoins, {
      token,
      lang: 'zh_CN',
    });
    expect(zh.data!.tiers.map((t) => [t.currency, t.price])).toEqual(
      [6, 30, 68, 128, 328, 648].map((p) => ['CNY', p]),
    );
    const ja = await api(server, CALLS.goodsCoins, {
      token,
      lang: 'ja_JP',
    });
    expect(ja.data!.tiers.map((t) => [t.currency, t.price_minor])[5]).toEqual(['JPY', 12_000]);
  });
});

describe('orders', () => {
  it('prices an order from our catalogue only', async () => {
    const { token } = await signIn();
    const res = await createOrder(
      server,
      token,
      { goods_id: 'gems_128', pay_method: 'wechat_pay' },
      'ja_JP',
    );
    expect(res.data).toMatchObject({
      status: 'processing',
      goods_id: 'gems_128',
      amount: 2_500,
      amount_minor: 2_500,
      currency: 'JPY',
      gems: 1280,
      bonus_gems: 320,
      pay_method: 'wechat_pay',
      paid_at: null,
    });
    expect(res.data!.order_no).toMatch(/^TF\d{20}$/);
    expect(res.data!.checkout_url).toContain('/taleforge/pay/sandbox/cs_sbx_');
    // The checkout speaks the language the order was made in.
    expect(new URL(res.data!.checkout_url!).searchParams.get('lang')).toBe('ja_JP');
    const smuggled = await apiRaw(server, CALLS.orderCreate, {
      token,
      body: { ...orderBody(), amount: 0.01 },
    });
    expect(smuggled.status).toBe(STATUS.INVALID_PARAMS);
  });

  it('refuses unknown tiers and bad input, and creates nothing', async () => {
    const { user, token } = await signIn();
    expect((await createOrder(server, token, { goods_id: 'gems_1' })).status).toBe(
      STATUS.GOODS_UNKNOWN,
    );
    const zh = await createOrder(server, token, { goods_id: 'free' }, 'zh_CN');
    expect(zh.desc).toBe('该充值档位不存在');
    for (const body of [
      { pay_method: 'paypal' },
      { goods_id: '' },
      { goods_id: 6 },
      { idempotency_key: 'x' },
      { idempotency_key: 'has spaces in it' },
    ]) {
      const res = await apiRaw(server, CALLS.orderCreate, {
        token,
        body: { ...orderBody(), ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(STATUS.INVALID_PARAMS);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('answers a repeated key with the first order and refuses it for another request', async () => {
    const { user, token } = await signIn();
    const key = idempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createOrder(server, token, { idempotency_key: key })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    // Concurrent twins of a request still opening its checkout are told to retry (like Stripe's 409).
    expect(answers.every((a) => a.status === 200 || a.status === STATUS.REQUEST_IN_PROGRESS)).toBe(
      true,
    );
    expect(new Set(ok.map((a) => a.data!.order_no)).size).toBe(1);
    const later = await createOrder(server, token, { idempotency_key: key });
    expect(later.data).toEqual(ok[0]!.data);
    const other = await createOrder(server, token, { idempotency_key: key, goods_id: 'gems_68' });
    expect(other.status).toBe(STATUS.IDEMPOTENCY_KEY_REUSED);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('shows nobody else’s order', async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const order = (await createOrder(server, owner.token)).data!;
    expect((await getOrder(server, stranger.token, order.order_no)).status).toBe(
      STATUS.ORDER_NOT_FOUND,
    );
    expect((await getOrder(server, owner.token, 'TF000')).status).toBe(STATUS.ORDER_NOT_FOUND);
  });
});

describe('sandbox checkout', () => {
  it('pays on the hosted page, signs the webhook and credits once', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token, { goods_id: 'gems_68' })).data!;
    const page = await fetch(`${checkoutOnServer(server, order)}?lang=zh_CN`);
    const html = await page.text();
    expect(html).toContain('沙盒收银台');
    expect(html).toContain(order.order_no);
    expect(html).toContain('微信支付');

    const paid = await actOnCheckout(order, 'pay', 'alipay');
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    expect(location.pathname).toBe('/payment/callback');
    expect(location.searchParams.get('order_no')).toBe(order.order_no);

    const settled = (await getOrder(server, token, order.order_no)).data!;
    expect(settled).toMatchObject({ status: 'success', checkout_url: null });
    expect(settled.paid_at).not.toBeNull();
    expect(await wallet.balance(db(), user.id)).toBe(740);
    const closed = await actOnCheckout(order, 'pay');
    expect(closed.status).toBe(303);
    expect(await wallet.balance(db(), user.id)).toBe(740);
    expect((await credits(user.id)).map((e) => [e.type, e.amount, e.ref])).toEqual([
      ['recharge', 740, order.order_no],
    ]);
  });

  it('shows a declined card as failed, and a later payment still succeeds', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token)).data!;
    await actOnCheckout(order, 'fail', 'card');
    expect((await getOrder(server, token, order.order_no)).data).toMatchObject({
      status: 'failed',
      failure_reason: 'card_declined',
    });
    await actOnCheckout(order, 'pay');
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('success');
    expect(await wallet.balance(db(), user.id)).toBe(320);
  });

  it('cancels, and a cancelled checkout takes no payment', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token)).data!;
    await actOnCheckout(order, 'cancel');
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('cancelled');
    await actOnCheckout(order, 'pay');
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('cancelled');
    expect(await wallet.balance(db(), user.id)).toBe(0);
  });

  it('names a declined Alipay or WeChat Pay payment for its method, not as a card', async () => {
    const { user, token } = await signIn();
    for (const method of ['alipay', 'wechat_pay'] as const) {
      const order = (await createOrder(server, token, { pay_method: method })).data!;
      await actOnCheckout(order, 'fail', method);
      expect((await getOrder(server, token, order.order_no)).data).toMatchObject({
        status: 'failed',
        failure_reason: `${method}_declined`,
      });
      const [row] = await db().select().from(orders).where(eq(orders.orderNo, order.order_no));
      expect(row!.failureReason).toBe(`${method}_declined`);
    }
    expect(await wallet.balance(db(), user.id)).toBe(0);
  });
});

describe('no way off the site', () => {
  it.each([
    '/\t/evil.example/x',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/%2F%2Fevil.example',
    '/..//evil.example',
  ])('stores no return path %j: the order keeps none', async (path) => {
    const { token } = await signIn();
    const res = await createOrder(server, token, { return_path: path });
    expect(res.status).toBe(200);
    expect(res.data!.return_path).toBeNull();
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, res.data!.order_no));
    expect(row!.returnPath).toBeNull();
  });

  it('keeps a path on this site', async () => {
    const { token } = await signIn();
    const res = await createOrder(server, token, { return_path: '/drama/3?chapter=2' });
    expect(res.data!.return_path).toBe('/drama/3?chapter=2');
  });

  it('builds checkout and return URLs from PUBLIC_URL, whatever Host the request names', async () => {
    const { token } = await signIn();
    const res = await server.app.inject({
      method: 'POST',
      url: injectUrl(server, CALLS.orderCreate, { lang: 'en_US', df_id: 'v_testdevice' }),
      headers: { host: 'evil.example', authorization: token, 'x-forwarded-host': 'evil.example' },
      payload: orderBody({ goods_id: 'gems_6' }),
    });
    const order = res.json<{ data: CallData<typeof CALLS.orderCreate> }>().data;
    expect(new URL(order.checkout_url!).origin).toBe('http://localhost:8080');
    const page = await fetch(checkoutOnServer(server, order));
    expect(await page.text()).not.toContain('evil.example');
    const paid = await actOnCheckout(order, 'cancel');
    expect(paid.headers.get('location')).toBe(
      `http://localhost:8080/payment/callback?order_no=${order.order_no}`,
    );
  });
});

describe('webhook', () => {
  it('credits once for 100 replays and 50 parallel deliveries of one event', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token)).data!;
    const body = sandboxEvent(order, user.publicId, 'payment.succeeded');
    const parallel = await Promise.all(
      Array.from({ length: 50 }, () => deliverWebhook(server, body)),
    );
    expect(parallel.every((r) => r.status === 200)).toBe(true);
    for (let i = 0; i < 100; i += 1) {
      expect((await deliverWebhook(server, body)).data).toEqual({ result: 'duplicate' });
    }
    expect(await wallet.balance(db(), user.id)).toBe(320);
    expect(await credits(user.id)).toHaveLength(1);
  });

  it('credits once when distinct success events race the result page’s status checks', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token)).data!;
    await actOnCheckout(order, 'pay');
    await Promise.all([
      ...Array.from({ length: 25 }, () =>
        deliverWebhook(server, sandboxEvent(order, user.publicId, 'payment.succeeded')),
      ),
      ...Array.from({ length: 25 }, () => getOrder(server, token, order.order_no)),
    ]);
    expect(await wallet.balance(db(), user.id)).toBe(320);
    expect(await credits(user.id)).toHaveLength(1);
  });

  it('refuses forged and stale signatures before reading the body', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token)).data!;
    const body = sandboxEvent(order, user.publicId, 'payment.succeeded');
    const forged = await deliverWebhook(server, body, { secret: 'whsec_attacker_secret_000000' });
    expect(forged).toMatchObject({ http: 400, status: STATUS.WEBHOOK_SIGNATURE_INVALID });
    const now = Math.floor(server.clock.now.getTime() / 1000);
    const stale = await deliverWebhook(server, body, { timestamp: now - 301 });
    expect(stale).toMatchObject({ http: 400, status: STATUS.WEBHOOK_SIGNATURE_INVALID });
    const unsigned = await deliverWebhook(server, body, { signature: '' });
    expect(unsigned.http).toBe(400);
    const notJson = await deliverWebhook(server, '{not json');
    expect(notJson.http).toBe(400);
    const fresh = await deliverWebhook(server, body, { timestamp: now - 299 });
    expect(fresh.status).toBe(200);
    expect(await wallet.balance(db(), user.id)).toBe(320);
  });

  it('credits nothing for a wrong amount, currency, payer or order', async () => {
    const { user, token } = await signIn();
    const other = await signIn();
    const order = (await createOrder(server, token)).data!;
    const cases = [
      sandboxEvent(order, user.publicId, 'payment.succeeded', { amount_minor: 1 }),
      sandboxEvent(order, user.publicId, 'payment.succeeded', { currency: 'JPY' }),
      sandboxEvent(order, other.user.publicId, 'payment.succeeded'),
      sandboxEvent(
        { ...order, order_no: 'TF20990101000000000000' },
        user.publicId,
        'payment.succeeded',
      ),
    ];
    for (const body of cases) {
      expect(await deliverWebhook(server, body)).toMatchObject({
        http: 200,
        status: STATUS.WEBHOOK_EVENT_MISMATCH,
      });
    }
    expect(await wallet.balance(db(), user.id)).toBe(0);
    expect(await wallet.balance(db(), other.user.id)).toBe(0);
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('processing');
  });
});

describe('timeout', () => {
  it('times out an unpaid order and never credits it afterwards', async () => {
    const { user, token } = await signIn();
    const order = (await createOrder(server, token)).data!;
    server.clock.advance(29 * 60_000);
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('processing');
    server.clock.advance(60_000);
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('timeout');
    const late = await deliverWebhook(
      server,
      sandboxEvent(order, user.publicId, 'payment.succeeded'),
    );
    expect(late.data).toEqual({ result: 'paid_after_close' });
    expect(await wallet.balance(db(), user.id)).toBe(0);
    expect((await actOnCheckout(order, 'pay')).status).toBe(303);
    expect(await wallet.balance(db(), user.id)).toBe(0);
  });

  it('has a job that times out every overdue order, once', async () => {
    const { token } = await signIn();
    const a = (await createOrder(server, token)).data!;
    const b = (await createOrder(server, token)).data!;
    server.clock.advance(31 * 60_000);
    const payments = await createPayments({
      db: db(),
      config: server.config,
      wallet,
      log: server.app.log,
      now: () => server.clock.now,
    });
    expect(await payments.orders.timeOutOverdue()).toBeGreaterThanOrEqual(2);
    expect(await payments.orders.timeOutOverdue()).toBe(0);
    for (const o of [a, b]) {
      const [row] = await db().select().from(orders).where(eq(orders.orderNo, o.order_no));
      expect(row!.status).toBe('timeout');
    }
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});
