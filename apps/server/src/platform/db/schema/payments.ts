import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { walletEntries } from './wallet.js';

/** A top-up: price and gems copied from our catalogue when it is created, never from the client. */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    goodsId: text('goods_id').notNull(),
    /** Minor units of the currency (cents, fen; yen has none). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    gems: bigint('gems', { mode: 'number' }).notNull(),
    bonusGems: bigint('bonus_gems', { mode: 'number' }).notNull(),
    payMethod: text('pay_method').notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    /** The provider's checkout id (Stripe Checkout Session, sandbox checkout). */
    providerRef: text('provider_ref'),
    /**
     * The payer the provider was told about, echoed in its events. The owner (`user_id`) changes
     * when a visitor signs in to an account; the payer the provider knows does not. Null only on
     * orders older than this column, whose payer is their owner.
     */
    payerPublicId: text('payer_public_id'),
    checkoutUrl: text('checkout_url'),
    returnPath: text('return_path'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    creditEntryId: bigint('credit_entry_id', { mode: 'number' }).references(() => walletEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_user_key').on(t.userId, t.idempotencyKey),
    index('orders_open_expiry').on(t.expiresAt).where(sql`${t.status} = 'processing'`),
    check('orders_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Every provider event we accepted, once: replays find their row and change nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderNo: text('order_no'),
    type: text('type').notNull(),
    /** What applying it did: applied, ignored, rejected (and why). */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId)],
);

/** The sandbox provider's own record of a checkout, as a real provider keeps on its side. */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  orderNo: text('order_no').notNull(),
  /** The payer's public id, echoed in events as a real provider echoes metadata. */
  payerId: text('payer_id').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  payMethod: text('pay_method').notNull(),
  /** open, paid, cancelled, expired; failed attempts leave it open. */
  status: text('status').notNull(),
  failedAttempts: bigint('failed_attempts', { mode: 'number' }).notNull().default(0),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
