import { createHash, randomInt } from 'node:crypto';
import type { Order } from '@taleforge/contracts';
import {
  type Currency,
  LOCALE_CURRENCY,
  type Locale,
  type OrderStatus,
  type PaymentMethod,
} from '@taleforge/contracts/constants';
import { safeReturnPath } from '@taleforge/contracts/return-path';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { WalletService } from '../wallet/index.js';
import { toMajor } from './catalogue.js';
import { isSettled, nextStatus, type PaymentOutcome } from './lifecycle.js';
import type { PriceList } from './pricing.js';
import type { PaymentProvider, ProviderEvent } from './providers/provider.js';
import {
  findLatestUnpaidOrder,
  findOrder,
  findOrderByKey,
  findOverdueOrders,
  findPaidForEntries,
  findUserPublicId,
  insertOrder,
  lockOrder,
  type OrderRow,
  recordEvent,
  setEventOutcome,
  updateOrder,
} from './queries.js';

export interface CreateOrderInput {
  goodsId: string;
  payMethod: PaymentMethod;
  returnPath: string | undefined;
  idempotencyKey: string;
}

/** What applying one piece of news about a payment did; stored beside the event. */
export type ApplyResult =
  | 'credited'
  | 'updated'
  | 'unchanged'
  | 'duplicate'
  | 'unknown_order'
  | 'wrong_payer'
  | 'amount_mismatch'
  | 'paid_after_close';

/** News about a payment; userPublicId is checked when the news names the payer. */
interface PaymentNews {
  outcome: PaymentOutcome;
  amountMinor: number | null;
  currency: string | null;
  userPublicId?: string | null;
  reason?: string | null;
}

export function toOrder(row: OrderRow): Order {
  const currency = row.currency as Currency;
  return {
    order_no: row.orderNo,
    goods_id: row.goodsId,
    status: row.status as OrderStatus,
    amount: toMajor(row.amountMinor, currency),
    amount_minor: row.amountMinor,
    currency,
    gems: row.gems,
    bonus_gems: row.bonusGems,
    pay_method: row.payMethod as PaymentMethod,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    checkout_url: isSettled(row.status as OrderStatus) ? null : row.checkoutUrl,
    return_path: row.returnPath,
    failure_reason: row.failureReason,
  };
}

/** Order numbers people can read out to support: date and 12 random digits. */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const digits = Array.from({ length: 12 }, () => randomInt(10)).join('');
  return `TF${day}${digits}`;
}

function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Why a payment failed, as the result page can say it; a provider's own words go to the log. */
const FAILURE_REASONS: ReadonlySet<string> = new Set([
  'card_declined',
  'alipay_declined',
  'wechat_pay_declined',
  'payment_failed',
  'provider_unavailable',
  'paid_after_close',
]);

export function createOrderService(deps: {
  db: Db;
  wallet: WalletService;
  provider: PaymentProvider;
  /** Priced at start from the operator's rates, each pack within the order limits. */
  prices: PriceList;
  timeoutMinutes: number;
  /** Where checkouts send the payer back: PUBLIC_URL, never the request's Host header. */
  publicOrigin: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, wallet, provider, prices, publicOrigin, log, now } = deps;

  async function create(userId: number, input: CreateOrderInput, locale: Locale): Promise<Order> {
    // The currency is the order's from here on: its checkout, its webhook and every read of it
    // keep this one, whatever language the player switches to.
    const currency = LOCALE_CURRENCY[locale];
    const tier = prices.find(input.goodsId, currency);
    if (!tier) throw new AppError(STATUS.GOODS_UNKNOWN);
    const returnPath = safeReturnPath(input.returnPath);
    const hash = requestHash([tier.id, input.payMethod, currency, returnPath]);
    const at = now();
    const payer = (await findUserPublicId(db, userId)) ?? '';
    const row = await insertOrder(db, {
      orderNo: newOrderNo(at),
      userId,
      goodsId: tier.id,
      amountMinor: tier.priceMinor,
      currency,
      gems: tier.gems,
      bonusGems: tier.bonusGems,
      payMethod: input.payMethod,
      status: 'processing',
      provider: provider.name,
      returnPath,
      payerPublicId: payer,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      createdAt: at,
      expiresAt: new Date(at.getTime() + deps.timeoutMinutes * 60_000),
    });
    if (!row) return repeat(userId, input.idempotencyKey, hash);

    try {
      const checkout = await provider.createCheckout(
        {
          orderNo: row.orderNo,
          userPublicId: payer,
          amountMinor: row.amountMinor,
          currency,
          payMethod: input.payMethod,
          gems: row.gems + row.bonusGems,
          expiresAt: row.expiresAt,
        },
        {
          origin: publicOrigin,
          returnUrl: `${publicOrigin}/payment/callback?order_no=${row.orderNo}`,
          locale,
        },
      );
      return toOrder(
        await updateOrder(db, row.id, { providerRef: checkout.ref, checkoutUrl: checkout.url }),
      );
    } catch (error) {
      // No checkout exists to pay: the order shows as failed and times out like any other. The
      // provider's words are for us; the player gets the catalogued message.
      log.error({ err: error, orderNo: row.orderNo, provider: provider.name }, 'checkout failed');
      await updateOrder(db, row.id, { status: 'failed', failureReason: 'provider_unavailable' });
      throw new AppError(STATUS.PAYMENT_PROVIDER_FAILED);
    }
  }

  /** The same key again: the first answer, or a refusal when the request differs. */
  async function repeat(userId: number, key: string, hash: string): Promise<Order> {
    const first = await findOrderByKey(db, userId, key);
    if (!first) throw new AppError(STATUS.REQUEST_IN_PROGRESS);
    if (first.requestHash !== hash) throw new AppError(STATUS.IDEMPOTENCY_KEY_REUSED);
    if (!first.checkoutUrl && first.status === 'processing') {
      throw new AppError(STATUS.REQUEST_IN_PROGRESS);
    }
    return toOrder(first);
  }

  /**
   * Applies news about a payment under the order's row lock: a webhook event (recorded once by
   * its id), the provider's answer to our status check, or our own deadline. Credits at most
   * once: the status only climbs, and the credit's idempotency key is the order number.
   */
  async function apply(orderNo: string, news: PaymentNews): Promise<ApplyResult> {
    return db.transaction((tx) => applyLocked(tx, orderNo, news));
  }

  async function applyLocked(tx: Tx, orderNo: string, news: PaymentNews): Promise<ApplyResult> {
    {
      const order = await lockOrder(tx, orderNo);
      if (!order) return 'unknown_order';
      if (news.userPublicId !== undefined) {
        // The payer the provider knows: a visitor who since signed in still pays as the visitor,
        // and the order, now the account's, credits the account.
        const payer = order.payerPublicId ?? (await findUserPublicId(tx, order.userId));
        if (news.userPublicId !== payer) return 'wrong_payer';
      }
      const status = order.status as OrderStatus;
      if (news.outcome === 'succeeded') {
        if (news.amountMinor !== order.amountMinor || news.currency !== order.currency) {
          return 'amount_mismatch';
        }
        // Money taken for an order we already closed: never credit it; support refunds it.
        if (status === 'cancelled' || status === 'timeout') {
          if (order.failureReason !== 'paid_after_close') {
            await updateOrder(tx, order.id, { failureReason: 'paid_after_close' });
          }
          return 'paid_after_close';
        }
      }
      const next = nextStatus(status, news.outcome);
      if (next === status) return 'unchanged';
      const at = now();
      if (next === 'success') {
        const credit = await wallet.grant(
          tx,
          order.userId,
          order.gems + order.bonusGems,
          'recharge',
          order.orderNo,
          `order:${order.orderNo}`,
        );
        await updateOrder(tx, order.id, {
          status: next,
          paidAt: at,
          settledAt: at,
          failureReason: null,
          creditEntryId: credit.entry.id,
        });
        return 'credited';
      }
      await updateOrder(tx, order.id, {
        status: next,
        settledAt: isSettled(next) ? at : null,
        failureReason:
          next === 'failed' ? failureReason(order.orderNo, news.reason) : order.failureReason,
      });
      return 'updated';
    }
  }

  function failureReason(orderNo: string, reason: string | null | undefined): string {
    if (reason && FAILURE_REASONS.has(reason)) return reason;
    if (reason) log.warn({ orderNo, reason }, 'payment failed for a reason we do not name');
    return 'payment_failed';
  }

  /**
   * A verified webhook event: recorded by its id in the same transaction that applies it, so a
   * redelivery (even a parallel one) does nothing, and a crash in between leaves neither.
   */
  async function handleEvent(event: ProviderEvent): Promise<ApplyResult> {
    return db.transaction(async (tx) => {
      const fresh = await recordEvent(tx, {
        provider: provider.name,
        eventId: event.id,
        orderNo: event.orderNo,
        type: event.type,
        outcome: 'received',
        receivedAt: now(),
      });
      if (!fresh) return 'duplicate';
      const result: ApplyResult =
        event.orderNo && event.outcome
          ? await applyLocked(tx, event.orderNo, {
              outcome: event.outcome,
              amountMinor: event.amountMinor,
              currency: event.currency,
              userPublicId: event.userPublicId,
              reason: event.reason,
            })
          : 'unchanged';
      await setEventOutcome(tx, provider.name, event.id, result);
      return result;
    });
  }

  /** Asks the provider, then our own deadline, about an order that has not settled. */
  async function settle(order: OrderRow): Promise<void> {
    if (isSettled(order.status as OrderStatus)) return;
    const status = order.providerRef ? await provider.lookup(order.providerRef) : null;
    if (status?.outcome) {
      await apply(order.orderNo, {
        outcome: status.outcome,
        amountMinor: status.amountMinor,
        currency: status.currency,
        reason: status.reason,
      });
    }
    if (order.expiresAt <= now()) {
      await apply(order.orderNo, { outcome: 'expired', amountMinor: null, currency: null });
    }
  }

  /** The result page's read: settles what it can first. Another user's order is "not found". */
  async function get(userId: number, orderNo: string): Promise<Order> {
    const order = await findOrder(db, orderNo);
    if (!order || order.userId !== userId) throw new AppError(STATUS.ORDER_NOT_FOUND);
    if (isSettled(order.status as OrderStatus)) return toOrder(order);
    await settle(order);
    return toOrder((await findOrder(db, orderNo))!);
  }

  /**
   * The payer gave up at the provider: close the checkout first, so a payment can no longer
   * land, then cancel. When it cannot be closed (it was just paid), the provider's answer wins.
   */
  async function cancel(userId: number, orderNo: string): Promise<Order> {
    const order = await findOrder(db, orderNo);
    if (!order || order.userId !== userId) throw new AppError(STATUS.ORDER_NOT_FOUND);
    if (!isSettled(order.status as OrderStatus)) {
      const closed = order.providerRef ? await provider.close(order.providerRef) : true;
      if (closed) {
        await apply(orderNo, { outcome: 'cancelled', amountMinor: null, currency: null });
      } else {
        await settle(order);
      }
    }
    return toOrder((await findOrder(db, orderNo))!);
  }

  /** Times out unpaid orders past their deadline (after a last look at the provider). */
  async function timeOutOverdue(): Promise<number> {
    let done = 0;
    for (;;) {
      const due = await findOverdueOrders(db, now(), 100);
      for (const orderNo of due) {
        const order = await findOrder(db, orderNo);
        if (order) await settle(order);
        done += 1;
      }
      if (due.length < 100) return done;
    }
  }

  /** What the orders behind these ledger credits cost: the history shows it beside the gems. */
  async function paidFor(entryIds: number[]) {
    const rows = await findPaidForEntries(db, entryIds);
    return new Map(
      rows.map((r) => [
        r.entryId!,
        { amount_minor: r.amountMinor, currency: r.currency as Currency },
      ]),
    );
  }

  /** The player's own latest order that brought no gems, for the assistant to explain. */
  async function latestUnpaid(userId: number): Promise<Order | null> {
    const row = await findLatestUnpaidOrder(db, userId);
    return row ? toOrder(row) : null;
  }

  return { create, get, cancel, apply, handleEvent, timeOutOverdue, paidFor, latestUnpaid };
}

export type OrderService = ReturnType<typeof createOrderService>;
