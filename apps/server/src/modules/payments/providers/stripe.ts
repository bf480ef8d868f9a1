import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import Stripe from 'stripe';
import { AppError } from '../../../platform/http/app-error.js';
import type { PaymentOutcome } from '../lifecycle.js';
import { WEBHOOK_TOLERANCE_SECONDS } from '../signature.js';
import type { PaymentProvider, ProviderEvent } from './provider.js';

/** Stripe refuses a Checkout Session that expires sooner than this after creation. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000 + 5_000;

const METHOD_TYPES = {
  card: 'card',
  alipay: 'alipay',
  wechat_pay: 'wechat_pay',
} as const satisfies Record<string, Stripe.Checkout.SessionCreateParams.PaymentMethodType>;

/** Stripe Checkout speaks the language the order was made in. */
const STRIPE_LOCALES = {
  en_US: 'en',
  zh_CN: 'zh',
  ja_JP: 'ja',
} as const satisfies Record<Locale, Stripe.Checkout.SessionCreateParams.Locale>;

function sessionOutcome(session: Stripe.Checkout.Session): PaymentOutcome | null {
  if (session.status === 'complete' && session.payment_status !== 'unpaid') return 'succeeded';
  if (session.status === 'expired') return 'expired';
  return null;
}

/** The Checkout Session events that settle an order, by what they say. */
function eventOutcome(event: Stripe.Event): PaymentOutcome | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return sessionOutcome(event.data.object);
    case 'checkout.session.async_payment_succeeded':
      return 'succeeded';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  now: () => Date;
  /** Tests point the SDK at a server on loopback. */
  apiBase?: URL;
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const { now } = options;
  const api = options.apiBase;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  return {
    name: 'stripe',

    async createCheckout(order, urls) {
      const expiresAt = Math.max(order.expiresAt.getTime(), now().getTime() + STRIPE_MIN_EXPIRY_MS);
      const metadata = { order_no: order.orderNo, user_id: order.userPublicId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          payment_method_types: [METHOD_TYPES[order.payMethod]],
          ...(order.payMethod === 'wechat_pay'
            ? { payment_method_options: { wechat_pay: { client: 'web' } } }
            : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amountMinor,
                product_data: { name: `${order.gems} gems` },
              },
            },
          ],
          client_reference_id: order.orderNo,
          locale: STRIPE_LOCALES[urls.locale],
          metadata,
          payment_intent_data: { metadata },
          success_url: urls.returnUrl,
          cancel_url: `${urls.returnUrl}&cancelled=1`,
          expires_at: Math.ceil(expiresAt / 1000),
        },
        { idempotencyKey: `checkout-${order.orderNo}` },
      );
      if (!session.url) throw new Error('Checkout Session without a url');
      return { ref: session.id, url: session.url };
    },

    verifyWebhook(rawBody, headers): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers['stripe-signature'] ?? '',
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        );
      } catch {
        throw new AppError(STATUS.WEBHOOK_SIGNATURE_INVALID, undefined, 400);
      }
      const object = event.data.object as Partial<Stripe.Checkout.Session>;
      const isSession = event.type.startsWith('checkout.session.');
      return {
        id: event.id,
        type: event.type,
        orderNo: isSession ? (object.metadata?.order_no ?? null) : null,
        userPublicId: isSession ? (object.metadata?.user_id ?? null) : null,
        outcome: eventOutcome(event),
        amountMinor: object.amount_total ?? null,
        currency: object.currency ? object.currency.toUpperCase() : null,
        reason: event.type === 'checkout.session.async_payment_failed' ? 'payment_failed' : null,
      };
    },

    async close(ref) {
      try {
        await stripe.checkout.sessions.expire(ref);
        return true;
      } catch {
        // Completed (or already expired) sessions cannot be expired: the lookup says which.
        return false;
      }
    },

    async lookup(ref) {
      try {
        const session = await stripe.checkout.sessions.retrieve(ref);
        return {
          outcome: sessionOutcome(session),
          amountMinor: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
          reason: null,
        };
      } catch {
        // The result page keeps polling; the webhook settles the order meanwhile.
        return null;
      }
    },
  };
}
