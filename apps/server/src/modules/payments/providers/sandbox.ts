import { randomBytes } from 'node:crypto';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { PaymentOutcome } from '../lifecycle.js';
import {
  findOrder,
  findSandboxCheckout,
  insertSandboxCheckout,
  type SandboxCheckoutRow,
  updateSandboxCheckout,
} from '../queries.js';
import { SANDBOX_SIGNATURE_HEADER, signPayload, verifySignature } from '../signature.js';
import type { PaymentProvider, ProviderEvent, ProviderStatus } from './provider.js';

export type SandboxAction = 'pay' | 'fail' | 'cancel';

export type SandboxCheckout = SandboxCheckoutRow & { gems: number; bonusGems: number };

/** Why a declined attempt failed, named for the method the payer tried (not always a card). */
export const declineReason = (payMethod: string) =>
  payMethod === 'card' ? 'card_declined' : `${payMethod}_declined`;

const EVENT_TYPES: Record<PaymentOutcome, string> = {
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  cancelled: 'checkout.cancelled',
  expired: 'checkout.expired',
};
const OUTCOMES = new Map(Object.entries(EVENT_TYPES).map(([k, v]) => [v, k as PaymentOutcome]));

interface SandboxEventBody {
  id: string;
  type: string;
  created: number;
  data: {
    checkout_id: string;
    order_no: string;
    user_id: string;
    amount_minor: number;
    currency: string;
    pay_method: string;
    reason: string | null;
  };
}

function checkoutOutcome(row: SandboxCheckoutRow, now: Date): PaymentOutcome | null {
  if (row.status === 'paid') return 'succeeded';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'expired' || row.expiresAt <= now) return 'expired';
  return row.failedAttempts > 0 ? 'failed' : null;
}

/**
 * A payment provider that needs nothing: checkouts live in our database, the payer acts on a
 * page we serve, and the result reaches us as a signed webhook on the same path a real
 * provider uses. Its state is only in the database, so any process can serve any step.
 */
export function createSandboxProvider(deps: {
  db: Db;
  secret: string;
  prefix: string;
  now: () => Date;
}) {
  const { db, secret, prefix, now } = deps;
  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  const provider: PaymentProvider = {
    name: 'sandbox',

    close(ref) {
      return db.transaction(async (tx) => {
        const row = await findSandboxCheckout(tx, ref, true);
        if (row?.status !== 'open') return false;
        await updateSandboxCheckout(tx, ref, { status: 'cancelled' });
        return true;
      });
    },

    async createCheckout(order, urls) {
      const id = `cs_sbx_${randomBytes(12).toString('base64url')}`;
      await insertSandboxCheckout(db, {
        id,
        orderNo: order.orderNo,
        payerId: order.userPublicId,
        amountMinor: order.amountMinor,
        currency: order.currency,
        payMethod: order.payMethod,
        status: 'open',
        returnUrl: urls.returnUrl,
        expiresAt: order.expiresAt,
      });
      return { ref: id, url: `${urls.origin}${prefix}/pay/sandbox/${id}?lang=${urls.locale}` };
    },

    verifyWebhook(rawBody, headers): ProviderEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string' || !verifySignature(secret, rawBody, header, nowSeconds())) {
        throw new AppError(STATUS.WEBHOOK_SIGNATURE_INVALID, undefined, 400);
      }
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
      } catch {
        throw new AppError(STATUS.BAD_REQUEST, undefined, 400);
      }
      return {
        id: String(body.id),
        type: String(body.type),
        orderNo: body.data?.order_no ?? null,
        userPublicId: body.data?.user_id ?? null,
        outcome: OUTCOMES.get(body.type) ?? null,
        amountMinor: body.data?.amount_minor ?? null,
        currency: body.data?.currency ?? null,
        reason: body.data?.reason ?? null,
      };
    },

    async lookup(ref): Promise<ProviderStatus | null> {
      const row = await findSandboxCheckout(db, ref);
      if (!row) return null;
      return {
        outcome: checkoutOutcome(row, now()),
        amountMinor: row.amountMinor,
        currency: row.currency,
        reason: row.failedAttempts > 0 ? declineReason(row.payMethod) : null,
      };
    },
  };

  /** A checkout with the gems its order buys, which the page shows beside the amount. */
  async function findCheckout(id: string): Promise<SandboxCheckout | null> {
    const row = await findSandboxCheckout(db, id);
    if (!row) return null;
    const order = await findOrder(db, row.orderNo);
    return { ...row, gems: order?.gems ?? 0, bonusGems: order?.bonusGems ?? 0 };
  }

  /**
   * The payer's choice on the checkout page. Returns the signed event to deliver, or refuses
   * when the checkout has closed.
   */
  async function act(
    id: string,
    action: SandboxAction,
    payMethod: string,
  ): Promise<{ checkout: SandboxCheckoutRow; body: string; signature: string }> {
    return db.transaction(async (tx) => {
      const row = await findSandboxCheckout(tx, id, true);
      if (row?.status !== 'open' || row.expiresAt <= now()) {
        throw new AppError(STATUS.CHECKOUT_CLOSED);
      }
      const outcome: PaymentOutcome =
        action === 'pay' ? 'succeeded' : action === 'fail' ? 'failed' : 'cancelled';
      if (action === 'pay') await updateSandboxCheckout(tx, id, { status: 'paid', payMethod });
      if (action === 'cancel') await updateSandboxCheckout(tx, id, { status: 'cancelled' });
      if (action === 'fail') {
        // The method of the last attempt, so the status check names the same decline.
        await updateSandboxCheckout(tx, id, { failedAttempts: row.failedAttempts + 1, payMethod });
      }
      const body = JSON.stringify(buildEvent(row, outcome, payMethod));
      return { checkout: row, body, signature: signPayload(secret, body, nowSeconds()) };
    });
  }

  function buildEvent(
    row: SandboxCheckoutRow,
    outcome: PaymentOutcome,
    payMethod = row.payMethod,
  ): SandboxEventBody {
    return {
      id: `evt_sbx_${randomBytes(12).toString('base64url')}`,
      type: EVENT_TYPES[outcome],
      created: nowSeconds(),
      data: {
        checkout_id: row.id,
        order_no: row.orderNo,
        user_id: row.payerId,
        amount_minor: row.amountMinor,
        currency: row.currency,
        pay_method: payMethod,
        reason: outcome === 'failed' ? declineReason(payMethod) : null,
      },
    };
  }

  /** Signs any body with the sandbox secret (the checkout page's delivery, and tests). */
  function sign(body: string, timestamp = nowSeconds()): string {
    return signPayload(secret, body, timestamp);
  }

  return { provider, findCheckout, act, buildEvent, sign };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
