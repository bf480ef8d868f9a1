import { createHash } from 'node:crypto';
import type { LedgerEntryType } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { afterCommit } from '../../platform/db/after-commit.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { lotExpiresAt, takeFromLots } from './lot-expiry.js';
import {
  availableGems,
  type EntryRow,
  type Exec,
  ensureWallet,
  findEntryByKey,
  insertEntries,
  insertLot,
  type LotRow,
  lockWallet,
  type NewEntry,
  openLots,
  readSpendState,
  setLotRemainders,
  setWalletBalance,
  writeSpend,
} from './queries.js';
import { spendInOneStatement } from './spend-query.js';

export type SpendReason = Extract<
  LedgerEntryType,
  'chapter_unlock' | 'episode_unlock' | 'chat_message'
>;
/** `chat_refund`: gems of a chat message whose reply failed come back as a new lot. */
export type CreditReason = Extract<LedgerEntryType, 'recharge' | 'grant' | 'chat_refund'>;

export interface LedgerResult {
  entry: EntryRow;
  /** True when the idempotency key had already done this and the first answer is returned. */
  replayed: boolean;
}

/** Told of ledger entries once they are committed (the metrics count gems credited and spent). */
export type LedgerObserver = (entries: readonly Pick<EntryRow, 'type' | 'amount'>[]) => void;

/** One-statement attempts before a spend falls back to the wallet lock (see spend-query.ts). */
const OPTIMISTIC_TRIES = 3;

export function requestHash(type: string, amount: number, ref: string): string {
  return createHash('sha256').update(`${type}\n${amount}\n${ref}`).digest('base64url');
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError(STATUS.INVALID_GEM_AMOUNT);
}

/** The first answer for a key, or a refusal when the key was used for something else. */
function replay(entry: EntryRow, hash: string): LedgerResult {
  if (entry.requestHash !== hash) throw new AppError(STATUS.IDEMPOTENCY_KEY_REUSED);
  return { entry, replayed: true };
}

/** Runs `work` in the caller's transaction when handed one, else in a transaction of its own. */
function inTransaction<T>(exec: Db | Tx, work: (tx: Exec) => Promise<T>): Promise<T> {
  return exec instanceof PgTransaction ? work(exec) : exec.transaction(work);
}

/**
 * Takes expired remainders out through expiry entries. The caller holds the wallet lock and
 * passes the open lots it read; returns the balance after and the lots still live.
 */
async function sweepExpired(
  tx: Exec,
  userId: number,
  balance: number,
  lots: LotRow[],
  now: Date,
): Promise<{ balance: number; live: LotRow[]; entries: NewEntry[] }> {
  const expired = lots.filter((l) => l.expiresAt <= now);
  if (expired.length === 0) return { balance, live: lots, entries: [] };
  let after = balance;
  const entries: NewEntry[] = expired.map((lot) => {
    after -= lot.remaining;
    const ref = `lot:${lot.id}`;
    return {
      userId,
      type: 'expiry',
      amount: -lot.remaining,
      balanceAfter: after,
      ref,
      idempotencyKey: `expiry:${lot.id}`,
      requestHash: requestHash('expiry', lot.remaining, ref),
      createdAt: now,
    };
  });
  await insertEntries(tx, entries);
  await setLotRemainders(
    tx,
    expired.map((l) => ({ id: l.id, remaining: 0 })),
  );
  return { balance: after, live: lots.filter((l) => l.expiresAt > now), entries };
}

export function createWalletService(deps: { now: () => Date; onCommitted?: LedgerObserver }) {
  const { now, onCommitted } = deps;

  /** Tells the observer of entries written through `exec` once (and if) they commit. */
  function committed(exec: Db | Tx, entries: readonly Pick<EntryRow, 'type' | 'amount'>[]): void {
    if (onCommitted && entries.length > 0) afterCommit(exec, () => onCommitted(entries));
  }

  /**
   * Takes `amount` gems from the lots that expire soonest. Pass the caller's transaction so the
   * spend and what it buys commit together. Refuses with 3001 when the live lots do not cover it.
   */
  async function spend(
    exec: Db | Tx,
    userId: number,
    amount: number,
    reason: SpendReason,
    ref: string,
    idempotencyKey: string,
  ): Promise<LedgerResult> {
    checkAmount(amount);
    const hash = requestHash(reason, -amount, ref);
    const statement = { userId, amount, type: reason, ref, idempotencyKey };
    for (let i = 0; i < OPTIMISTIC_TRIES; i += 1) {
      const outcome = await spendInOneStatement(exec, { ...statement, now: now() }, hash);
      if (outcome.entry) {
        committed(exec, [outcome.entry]);
        return { entry: outcome.entry, replayed: false };
      }
      if (outcome.prior) return replay(outcome.prior, hash);
      if (!outcome.hasWallet) throw new AppError(STATUS.INSUFFICIENT_GEMS);
      if (outcome.hasExpired) break;
      if (outcome.live < amount) throw new AppError(STATUS.INSUFFICIENT_GEMS);
      // Another change of this wallet committed in between: read it again.
    }
    return spendUnderLock(exec, userId, amount, reason, ref, idempotencyKey, hash);
  }

  /**
   * The spend with the wallet row locked: for wallets with expired lots to sweep first, and for a
   * wallet so busy that the one-statement spend kept losing its compare-and-set.
   */
  function spendUnderLock(
    exec: Db | Tx,
    userId: number,
    amount: number,
    reason: SpendReason,
    ref: string,
    idempotencyKey: string,
    hash: string,
  ): Promise<LedgerResult> {
    return inTransaction(exec, async (tx) => {
      const balance = await lockWallet(tx, userId);
      if (balance === null) throw new AppError(STATUS.INSUFFICIENT_GEMS);
      const state = await readSpendState(tx, userId, idempotencyKey);
      if (state.entry) return replay(state.entry, hash);
      const at = now();
      const swept = await sweepExpired(tx, userId, balance, state.lots, at);
      const available = swept.live.reduce((sum, l) => sum + l.remaining, 0);
      if (available < amount) throw new AppError(STATUS.INSUFFICIENT_GEMS);
      const entry = await writeSpend(tx, takeFromLots(swept.live, amount), {
        userId,
        type: reason,
        amount: -amount,
        balanceAfter: swept.balance - amount,
        ref,
        idempotencyKey,
        requestHash: hash,
        createdAt: at,
      });
      committed(tx, [...swept.entries, entry]);
      return { entry, replayed: false };
    });
  }

  /** Adds `amount` gems as a lot valid one year from now (a recharge or a grant). */
  async function grant(
    exec: Db | Tx,
    userId: number,
    amount: number,
    reason: CreditReason,
    ref: string,
    idempotencyKey: string,
  ): Promise<LedgerResult> {
    checkAmount(amount);
    const hash = requestHash(reason, amount, ref);
    return inTransaction(exec, async (tx) => {
      await ensureWallet(tx, userId);
      const balance = await lockWallet(tx, userId);
      if (balance === null) throw new Error(`wallet of user ${userId} vanished`);
      const first = await findEntryByKey(tx, userId, idempotencyKey);
      if (first) return replay(first, hash);
      const at = now();
      const balanceAfter = balance + amount;
      const [entry] = await insertEntries(tx, [
        {
          userId,
          type: reason,
          amount,
          balanceAfter,
          ref,
          idempotencyKey,
          requestHash: hash,
          createdAt: at,
        },
      ]);
      await insertLot(tx, {
        userId,
        entryId: entry!.id,
        amount,
        remaining: amount,
        expiresAt: lotExpiresAt(at),
      });
      await setWalletBalance(tx, userId, balanceAfter, at);
      committed(tx, [entry!]);
      return { entry: entry!, replayed: false };
    });
  }

  /** Gems the user can spend now; expired lots never count, even before the job sweeps them. */
  function balance(exec: Db | Tx, userId: number): Promise<number> {
    return availableGems(exec, userId, now());
  }

  /** Sweeps one user's expired lots (the expiry job; also done by every spend). */
  function expireUser(db: Db, userId: number): Promise<number> {
    return db.transaction(async (tx) => {
      const balance = await lockWallet(tx, userId);
      if (balance === null) return 0;
      const swept = await sweepExpired(tx, userId, balance, await openLots(tx, userId), now());
      if (swept.balance !== balance) await setWalletBalance(tx, userId, swept.balance, now());
      committed(tx, swept.entries);
      return balance - swept.balance;
    });
  }

  /** `committed` is for the wallet's own writers (unlocks), which spend in statements of their own. */
  return { spend, grant, balance, expireUser, now, committed };
}

export type WalletService = ReturnType<typeof createWalletService>;
