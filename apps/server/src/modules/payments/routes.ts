import {
  goodsCoinsCall,
  orderCancelCall,
  orderCreateCall,
  orderGetCall,
} from '@taleforge/contracts';
import { LOCALE_CURRENCY } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { okEnvelope } from '../../platform/http/envelope.js';
import { defineRoute } from '../../platform/http/route.js';
import type { ApplyResult, OrderService } from './order-service.js';
import type { PriceList } from './pricing.js';
import type { PaymentProvider } from './providers/provider.js';

export const WEBHOOK_PATH = '/api/v1/payment/webhook';

/** Outcomes that mean the event was genuine but does not fit any order of ours. */
const REJECTED: ReadonlySet<ApplyResult> = new Set([
  'unknown_order',
  'wrong_payer',
  'amount_mismatch',
]);

export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { orders: OrderService; prices: PriceList },
): void {
  const { orders, prices } = deps;

  defineRoute(app, goodsCoinsCall, async ({ request }) => ({
    tiers: prices.list(LOCALE_CURRENCY[request.locale]),
  }));

  defineRoute(app, orderCreateCall, ({ body, auth, request }) =>
    orders.create(
      auth.userId,
      {
        goodsId: body.goods_id,
        payMethod: body.pay_method,
        returnPath: body.return_path,
        idempotencyKey: body.idempotency_key,
      },
      request.locale,
    ),
  );

  defineRoute(app, orderGetCall, ({ query, auth }) => orders.get(auth.userId, query.order_no));

  defineRoute(app, orderCancelCall, ({ body, auth }) => orders.cancel(auth.userId, body.order_no));
}

/**
 * The provider's webhook. Its body is kept as the exact bytes received: the signature covers
 * them, and nothing is parsed before it is verified.
 */
export async function registerWebhookRoute(
  app: FastifyInstance,
  deps: { orders: OrderService; provider: PaymentProvider },
): Promise<void> {
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    hook.post(WEBHOOK_PATH, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = deps.provider.verifyWebhook(raw, request.headers);
      const result = await deps.orders.handleEvent(event);
      request.log.info({ event: event.id, type: event.type, result }, 'payment event');
      if (REJECTED.has(result)) throw new AppError(STATUS.WEBHOOK_EVENT_MISMATCH, result);
      return okEnvelope({ result }, request.locale);
    });
  });
}
