import { z } from 'zod';
import {
  defineCall,
  idempotencyKey,
  idSchema,
  pageOf,
  pageQuerySchema,
  queryNumber,
} from '../call.js';
import {
  CURRENCIES,
  LEDGER_ENTRY_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  WALLET_PLATFORM_FLAG,
} from '../constants.js';

export const walletBalanceCall = defineCall({
  method: 'GET',
  path: '/api/auth/wallet/balance',
  query: z.object({ platform_flag: queryNumber(z.literal(WALLET_PLATFORM_FLAG)) }),
  data: z.object({ gem_balance: z.number().int(), balance: z.number().int() }),
});

export const walletEntrySchema = z.object({
  id: z.number().int(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  /** Signed: credits positive, spends and expiries negative. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  ref: z.string(),
  created_at: z.string(),
  /** A top-up's price beside its gems: what its order cost, in the order's currency. */
  paid: z.object({ amount_minor: z.number().int(), currency: z.enum(CURRENCIES) }).optional(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** The ledger, newest first. */
export const walletTransactionsCall = defineCall({
  method: 'GET',
  path: '/api/auth/wallet/transactions',
  query: pageQuerySchema,
  data: pageOf(walletEntrySchema),
});

export const goodsTierSchema = z.object({
  id: z.string(),
  /** Major units (¥6, $0.79, ¥120 …: each currency's own points); price_minor is what is charged. */
  price: z.number(),
  price_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  gems: z.number().int(),
  bonus_gems: z.number().int(),
  discount_percent: z.number().int().nullable(),
});

export type GoodsTier = z.infer<typeof goodsTierSchema>;

export const goodsCoinsCall = defineCall({
  method: 'GET',
  path: '/api/auth/v1/goods/coins',
  query: z.object({}),
  data: z.object({ tiers: z.array(goodsTierSchema) }),
});

export const orderSchema = z.object({
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  goods_id: z.string(),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  gems: z.number().int(),
  bonus_gems: z.number().int(),
  pay_method: z.enum(PAYMENT_METHODS),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  checkout_url: z.string().nullable(),
  /** Where "return to game" leads after paying: a path on our own site. */
  return_path: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderCreateCall = defineCall({
  method: 'POST',
  path: '/api/auth/v1/order',
  body: z.strictObject({
    goods_id: z.string().min(1).max(64),
    pay_method: z.enum(PAYMENT_METHODS),
    return_path: z.string().max(512).optional(),
    idempotency_key: idempotencyKey,
  }),
  data: orderSchema,
});

export const orderGetCall = defineCall({
  method: 'GET',
  path: '/api/auth/v1/order',
  query: z.object({ order_no: z.string().min(1).max(64) }),
  data: orderSchema,
});

/**
 * The payer left the provider's checkout without paying (Stripe's cancel_url): close the
 * checkout so it can no longer be paid, and answer the order as it then stands.
 */
export const orderCancelCall = defineCall({
  method: 'POST',
  path: '/api/auth/v1/order/cancel',
  body: z.strictObject({ order_no: z.string().min(1).max(64) }),
  data: orderSchema,
});

export const unlockCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/unlock',
  body: z
    .strictObject({
      game_id: idSchema,
      chapter_id: idSchema.optional(),
      episode_id: idSchema.optional(),
      idempotency_key: idempotencyKey,
    })
    .refine((b) => (b.chapter_id === undefined) !== (b.episode_id === undefined), {
      message: 'exactly one of chapter_id and episode_id',
      path: ['chapter_id'],
    }),
  data: z.object({
    already_unlocked: z.boolean(),
    price: z.number().int(),
    gem_balance: z.number().int(),
  }),
});
