import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One row per user who ever held gems. `balance` is the sum of the user's ledger entries and of
 * the remainders of their lots (expired lots included until the expiry entry takes them out); the
 * row is also the lock every change of the user's gems takes first.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balance} >= 0`)],
);

/** Append-only: rows are inserted, never updated or deleted. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    /** Signed gems: credits positive, spends and expiries negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What the entry is about: an order number, a chapter, a chat message. */
    ref: text('ref').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of what was asked with the key, so a reused key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_entries_user_key').on(t.userId, t.idempotencyKey),
    index('wallet_entries_user_id_desc').on(t.userId, t.id.desc()),
    check('wallet_entries_amount_not_zero', sql`${t.amount} <> 0`),
    check('wallet_entries_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Gems of one credit; spends take from the lots that expire soonest. */
export const gemLots = pgTable(
  'gem_lots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => walletEntries.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    /** First instant the lot no longer counts. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gem_lots_open').on(t.userId, t.expiresAt).where(sql`${t.remaining} > 0`),
    index('gem_lots_expiring').on(t.expiresAt).where(sql`${t.remaining} > 0`),
    check('gem_lots_remaining_range', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
  ],
);

/** What a user bought with gems: a chapter or an episode, once. */
export const unlocks = pgTable(
  'unlocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => walletEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('unlocks_user_target').on(t.userId, t.kind, t.targetId)],
);
