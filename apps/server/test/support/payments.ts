import { randomBytes } from 'node:crypto';
import { CALLS, type CallBodyInput, type Order } from '@taleforge/contracts';
import { signPayload } from '../../src/modules/payments/signature.js';
import { api } from './http.js';
import type { TestServer } from './server.js';

export const SANDBOX_SECRET = 'whsec_sandbox_test_secret_0123456789';

let seq = 0;
export function idempotencyKey(prefix = 'order'): string {
  seq += 1;
  return `${prefix}-${randomBytes(4).toString('hex')}-${seq}`;
}

/**
 * The sandbox checkout page of an order, on this test server: its URL is built from PUBLIC_URL,
 * which names the origin players use, not the port a test server happens to listen on.
 */
export function checkoutOnServer(server: TestServer, order: Pick<Order, 'checkout_url'>): string {
  return new URL(new URL(order.checkout_url!).pathname, server.url('/')).toString();
}

type OrderBody = CallBodyInput<typeof CALLS.orderCreate>;

/** An order for the 30-gem tier by card under a fresh key, with the caller's changes. */
export const orderBody = (changes: Partial<OrderBody> = {}): OrderBody => ({
  goods_id: 'gems_30',
  pay_method: 'card',
  idempotency_key: idempotencyKey(),
  ...changes,
});

export function createOrder(
  server: TestServer,
  token: string,
  changes: Partial<OrderBody> = {},
  lang?: string,
) {
  return api(server, CALLS.orderCreate, { token, lang, body: orderBody(changes) });
}

export function getOrder(server: TestServer, token: string, orderNo: string) {
  return api(server, CALLS.orderGet, { token, query: { order_no: orderNo } });
}

export type SandboxEventType =
  | 'payment.succeeded'
  | 'payment.failed'
  | 'checkout.cancelled'
  | 'checkout.expired';

/** A sandbox event body as the checkout page sends it. */
export function sandboxEvent(
  order: Pick<Order, 'order_no' | 'amount_minor' | 'currency'>,
  payer: string,
  type: SandboxEventType,
  overrides: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    type,
    created: 0,
    data: {
      checkout_id: 'cs_test',
      order_no: order.order_no,
      user_id: payer,
      amount_minor: order.amount_minor,
      currency: order.currency,
      pay_method: 'card',
      reason: type === 'payment.failed' ? 'card_declined' : null,
      ...overrides,
    },
  });
}

/** Posts a raw body to the webhook, signed with the sandbox secret at the server's clock. */
export async function deliverWebhook(
  server: TestServer,
  body: string,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const t = options.timestamp ?? Math.floor(server.clock.now.getTime() / 1000);
  const signature = options.signature ?? signPayload(options.secret ?? SANDBOX_SECRET, body, t);
  const res = await fetch(server.url('/api/v1/payment/webhook'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'taleforge-signature': signature },
    body,
  });
  const json = (await res.json()) as { status: number; desc: string; data: unknown };
  return { http: res.status, ...json };
}
