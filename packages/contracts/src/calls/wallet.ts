import { z } from 'zod';
import { defineCall, idSchema } from '../call.js';
import { ORDER_STATUSES, PAYMENT_METHODS, WALLET_PLATFORM_FLAG } from '../constants.js';

const idempotencyKey = z.string().min(8).max(128);

export const walletBalanceCall = defineCall({
  method: 'GET',
  path: '/api/auth/wallet/balance',
  query: z.object({ platform_flag: z.coerce.number().pipe(z.literal(WALLET_PLATFORM_FLAG)) }),
  data: z.object({ gem_balance: z.number().int(), balance: z.number().int() }),
});

export const goodsTierSchema = z.object({
  id: z.string(),
  price: z.number(),
  currency: z.enum(['USD', 'CNY', 'JPY']),
  gems: z.number().int(),
  bonus_gems: z.number().int(),
  discount_percent: z.number().int().nullable(),
});

export const goodsCoinsCall = defineCall({
  method: 'GET',
  path: '/api/auth/v1/goods/coins',
  query: z.object({}),
  data: z.object({ tiers: z.array(goodsTierSchema) }),
});

export const orderSchema = z.object({
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number(),
  currency: z.string(),
  gems: z.number().int(),
  bonus_gems: z.number().int(),
  pay_method: z.enum(PAYMENT_METHODS),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  checkout_url: z.string().nullable(),
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

export const unlockCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/game/unlock',
  body: z.strictObject({
    game_id: idSchema,
    chapter_id: idSchema.optional(),
    episode_id: idSchema.optional(),
    idempotency_key: idempotencyKey,
  }),
  data: z.object({
    already_unlocked: z.boolean(),
    price: z.number().int(),
    gem_balance: z.number().int(),
  }),
});
