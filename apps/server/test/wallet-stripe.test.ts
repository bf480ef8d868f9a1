import { CALLS } from '@taleforge/contracts';
import { STATUS, STATUS_MESSAGES } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { orders } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { startFakeStripe } from './support/fake-stripe.js';
import { api } from './support/http.js';
import { createOrder, getOrder } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

const WEBHOOK_SECRET = 'whsec_stripe_test_0123456789abcdef';
const stripe = new Stripe('sk_test_helper');

let server: TestServer;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let wallet: WalletService;
beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_taleforge',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    PUBLIC_URL: 'https://play.taleforge.test',
    WALLET_JOB_INTERVAL_MS: '3600000',
  });
  wallet = createWalletService({ now: () => server.clock.now });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

/** A Stripe event as Stripe sends it, signed with the SDK's own test helper. */
function stripeDelivery(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(server.clock.now.getTime() / 1000),
  });
  return { payload, header };
}

async function post(payload: string, header: string) {
  const res = await fetch(server.url('/api/v1/payment/webhook'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return { http: res.status, ...((await res.json()) as { status: number; data: unknown }) };
}

describe('stripe provider', () => {
  it('opens a Checkout Session for the chosen method with our catalogue price', async () => {
    const { token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const res = await createOrder(
      server,
      token,
      { goods_id: 'gems_328', pay_method: 'wechat_pay' },
      'zh_CN',
    );
    expect(res.data).toMatchObject({ status: 'processing', amount_minor: 32_800, currency: 'CNY' });
    expect(res.data!.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = fake.requests.at(-1)!;
    expect(sent.auth).toBe('Bearer sk_test_taleforge');
    expect(sent.idempotencyKey).toBe(`checkout-${res.data!.order_no}`);
    expect(sent.form.get('mode')).toBe('payment');
    expect(sent.form.get('payment_method_types[0]')).toBe('wechat_pay');
    expect(sent.form.get('payment_method_options[wechat_pay][client]')).toBe('web');
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('cny');
    expect(sent.form.get('success_url')).toBe(
      `https://play.taleforge.test/payment/callback?order_no=${res.data!.order_no}`,
    );
    expect(sent.form.get('cancel_url')).toBe(
      `https://play.taleforge.test/payment/callback?order_no=${res.data!.order_no}&cancelled=1`,
    );
    const expiresIn = Number(sent.form.get('expires_at')) - server.clock.now.getTime() / 1000;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60);
  });

  it('keeps Stripe’s own error text out of the answer: the player gets the catalogued message', async () => {
    const { user, token } = await buildSession(server.database.db, {
      now: () => server.clock.now,
    });
    const secret = 'Invalid API key provided: sk_live_****1234 for account acct_internal';
    for (const lang of ['en_US', 'zh_CN', 'ja_JP'] as const) {
      fake.refuseNextCheckout(secret);
      const res = await createOrder(server, token, {}, lang);
      expect(res.status).toBe(STATUS.PAYMENT_PROVIDER_FAILED);
      expect(res.desc).toBe(STATUS_MESSAGES[STATUS.PAYMENT_PROVIDER_FAILED][lang]);
      expect(JSON.stringify(res)).not.toContain('sk_live');
    }
    const failed = await server.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(failed.map((o) => [o.status, o.failureReason])).toEqual(
      Array(3).fill(['failed', 'provider_unavailable']),
    );
  });

  it('credits on an SDK-signed completed event, once, and refuses tampered ones', async () => {
    const { user, token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const order = (await createOrder(server, token, { pay_method: 'alipay' })).data!;
    const session = {
      id: fake.sessions.size ? `cs_test_${fake.sessions.size}` : 'cs_x',
      status: 'complete',
      payment_status: 'paid',
      amount_total: order.amount_minor,
      currency: 'usd',
      metadata: { order_no: order.order_no, user_id: user.publicId },
    };
    const good = stripeDelivery('checkout.session.completed', session);

    const tampered = good.payload.replace(
      `"amount_total":${order.amount_minor}`,
      '"amount_total":1',
    );
    expect(await post(tampered, good.header)).toMatchObject({
      http: 400,
      status: STATUS.WEBHOOK_SIGNATURE_INVALID,
    });
    const forged = stripeDelivery('checkout.session.completed', session, 'whsec_not_ours_000000');
    expect((await post(forged.payload, forged.header)).http).toBe(400);
    expect(await wallet.balance(server.database.db, user.id)).toBe(0);

    expect(await post(good.payload, good.header)).toMatchObject({
      http: 200,
      data: { result: 'credited' },
    });
    expect(await post(good.payload, good.header)).toMatchObject({ data: { result: 'duplicate' } });
    expect(await wallet.balance(server.database.db, user.id)).toBe(320);
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('success');
  });

  it('credits nothing when Stripe reports another currency or amount than the order’s', async () => {
    const { user, token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const order = (await createOrder(server, token, { goods_id: 'gems_648' }, 'ja_JP')).data!;
    expect(order).toMatchObject({ currency: 'JPY', amount_minor: 12_000 });
    const session = (changes: Record<string, unknown>) => ({
      id: 'cs_currency',
      status: 'complete',
      payment_status: 'paid',
      amount_total: order.amount_minor,
      currency: 'jpy',
      metadata: { order_no: order.order_no, user_id: user.publicId },
      ...changes,
    });
    for (const changes of [{ currency: 'usd' }, { currency: 'cny' }, { amount_total: 648 }]) {
      const paid = stripeDelivery('checkout.session.completed', session(changes));
      expect(await post(paid.payload, paid.header)).toMatchObject({
        http: 200,
        status: STATUS.WEBHOOK_EVENT_MISMATCH,
      });
    }
    expect(await wallet.balance(server.database.db, user.id)).toBe(0);
    const paid = stripeDelivery('checkout.session.completed', session({}));
    expect(await post(paid.payload, paid.header)).toMatchObject({ data: { result: 'credited' } });
    expect(await wallet.balance(server.database.db, user.id)).toBe(9_258);
  });

  it('refuses an SDK-signed event older than 300 seconds', async () => {
    const { user, token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const order = (await createOrder(server, token)).data!;
    const { payload, header } = stripeDelivery('checkout.session.completed', {
      status: 'complete',
      payment_status: 'paid',
      amount_total: order.amount_minor,
      currency: 'usd',
      metadata: { order_no: order.order_no, user_id: user.publicId },
    });
    server.clock.advance(301_000);
    expect((await post(payload, header)).status).toBe(STATUS.WEBHOOK_SIGNATURE_INVALID);
    expect(await wallet.balance(server.database.db, user.id)).toBe(0);
  });

  it('settles from the session when the result page asks before the webhook arrives', async () => {
    const { user, token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const order = (await createOrder(server, token)).data!;
    const session = [...fake.sessions.values()].find(
      (s) => s.metadata.order_no === order.order_no,
    )!;
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('processing');
    session.status = 'complete';
    session.payment_status = 'paid';
    expect((await getOrder(server, token, order.order_no)).data!.status).toBe('success');
    expect(await wallet.balance(server.database.db, user.id)).toBe(320);
  });

  it('cancels when the payer comes back without paying, and not once paid', async () => {
    const { user, token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const cancelOrder = (orderNo: string) =>
      api(server, CALLS.orderCancel, { token, body: { order_no: orderNo } });
    const open = (await createOrder(server, token)).data!;
    const cancelled = await cancelOrder(open.order_no);
    expect(cancelled.data!.status).toBe('cancelled');
    const session = [...fake.sessions.values()].find((s) => s.metadata.order_no === open.order_no)!;
    expect(session.status).toBe('expired');

    const paid = (await createOrder(server, token)).data!;
    const paidSession = [...fake.sessions.values()].find(
      (s) => s.metadata.order_no === paid.order_no,
    )!;
    paidSession.status = 'complete';
    paidSession.payment_status = 'paid';
    expect((await cancelOrder(paid.order_no)).data!.status).toBe('success');
    expect(await wallet.balance(server.database.db, user.id)).toBe(320);

    const stranger = await buildSession(server.database.db, { now: () => server.clock.now });
    const foreign = await api(server, CALLS.orderCancel, {
      token: stranger.token,
      body: { order_no: paid.order_no },
    });
    expect(foreign.status).toBe(STATUS.ORDER_NOT_FOUND);
  });
});
