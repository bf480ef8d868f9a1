import type { UnlockKind } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  type EntryRow,
  type Exec,
  findEntryById,
  findUnlock,
  findUnlockedTargets,
  insertUnlock,
} from './queries.js';
import { spendInOneStatement } from './spend-query.js';
import { requestHash, type WalletService } from './wallet-service.js';

export type UnlockTarget = { gameId: number; targetId: number };

/**
 * What a target costs. Either a query giving the price (one column, one row or none; it runs
 * inside the purchase's single statement, so the price read costs no round trip of its own), or
 * a function answering the price, or null when the target does not exist.
 */
export type UnlockResolver =
  | { priceQuery: (target: UnlockTarget) => SQL }
  | ((tx: Exec, target: UnlockTarget) => Promise<{ price: number } | null>);

/** A resolver's answer on its own (what the purchase reads inside its statement). */
export async function readPrice(
  exec: Exec,
  resolve: UnlockResolver,
  target: UnlockTarget,
): Promise<number | null> {
  if (typeof resolve === 'function') return (await resolve(exec, target))?.price ?? null;
  const result = await exec.execute(sql`select (${resolve.priceQuery(target)}) as price`);
  const price = (result as unknown as { rows: { price: string | number | null }[] }).rows[0]?.price;
  return price === null || price === undefined ? null : Number(price);
}

const OPTIMISTIC_TRIES = 3;

const isPrice = (price: number | null): price is number =>
  price !== null && Number.isSafeInteger(price) && price > 0;

export interface UnlockResult {
  already_unlocked: boolean;
  price: number;
  gem_balance: number;
}

/** Rolls back a spend whose target another request bought first; the retry answers "already". */
class BoughtMeanwhile extends Error {}

const SPEND_REASON = { chapter: 'chapter_unlock', episode: 'episode_unlock' } as const;

/** Whether a player has bought a target; usable inside the caller's transaction. */
export async function isUnlocked(
  exec: Db | Tx,
  userId: number,
  kind: UnlockKind,
  targetId: number,
): Promise<boolean> {
  return (await findUnlock(exec, userId, kind, targetId)) !== null;
}

/** Which of the targets a player has bought: one read for a list (a series' episodes). */
export async function unlockedTargets(
  exec: Db | Tx,
  userId: number,
  kind: UnlockKind,
  targetIds: number[],
): Promise<number[]> {
  return targetIds.length === 0 ? [] : findUnlockedTargets(exec, userId, kind, targetIds);
}

/**
 * The modules that own chapters and episodes register how to price them; the wallet owns the
 * purchase. Registration happens while the app is built, before it listens.
 */
export function createUnlockService(wallet: WalletService) {
  const resolvers = new Map<UnlockKind, UnlockResolver>();

  function registerUnlockable(kind: UnlockKind, resolve: UnlockResolver): void {
    resolvers.set(kind, resolve);
  }

  /**
   * Buys a target once. The spend and the unlock row commit in one transaction; a second unlock
   * charges nothing. Repeating the request with its idempotency key answers the first answer.
   */
  async function unlock(
    db: Db,
    userId: number,
    input: { kind: UnlockKind; gameId: number; targetId: number; idempotencyKey: string },
  ): Promise<UnlockResult> {
    const resolve = resolvers.get(input.kind);
    if (!resolve) throw new AppError(STATUS.UNLOCK_TARGET_UNKNOWN);
    const reason = SPEND_REASON[input.kind];
    const ref = `${input.kind}:${input.gameId}:${input.targetId}`;
    let amount: number | SQL;
    if (typeof resolve === 'function') {
      const price = await readPrice(db, resolve, input);
      if (!isPrice(price)) throw new AppError(STATUS.UNLOCK_TARGET_UNKNOWN);
      amount = price;
    } else {
      amount = resolve.priceQuery(input);
    }
    for (let i = 0; i < OPTIMISTIC_TRIES; i += 1) {
      const outcome = await spendInOneStatement(
        db,
        {
          userId,
          amount,
          type: reason,
          ref,
          idempotencyKey: input.idempotencyKey,
          now: wallet.now(),
          unlock: { kind: input.kind, gameId: input.gameId, targetId: input.targetId },
        },
        typeof amount === 'number' ? requestHash(reason, -amount, ref) : null,
      );
      const price = outcome.amount;
      if (!isPrice(price)) throw new AppError(STATUS.UNLOCK_TARGET_UNKNOWN);
      if (outcome.entry) {
        wallet.committed(db, [outcome.entry]);
        return { already_unlocked: false, price, gem_balance: outcome.entry.balanceAfter };
      }
      if (outcome.held) return heldAnswer(outcome.held.entry, input.idempotencyKey, outcome.live);
      if (outcome.prior) {
        if (outcome.prior.requestHash !== requestHash(reason, -price, ref)) {
          throw new AppError(STATUS.IDEMPOTENCY_KEY_REUSED);
        }
        return heldAnswer(outcome.prior, input.idempotencyKey, outcome.live);
      }
      if (!outcome.hasWallet) throw new AppError(STATUS.INSUFFICIENT_GEMS);
      if (outcome.hasExpired) break;
      if (outcome.live < price) throw new AppError(STATUS.INSUFFICIENT_GEMS);
      // Another change of this wallet committed in between: read it again.
    }
    // Expired lots to sweep first, or a wallet too busy for the compare-and-set: take the lock.
    try {
      return await purchase(db, userId, input, resolve);
    } catch (error) {
      if (!(error instanceof BoughtMeanwhile)) throw error;
      return purchase(db, userId, input, resolve);
    }
  }

  /** The first answer for the key that bought it; for any other request, "already unlocked". */
  function heldAnswer(entry: EntryRow, idempotencyKey: string, live: number): UnlockResult {
    if (entry.idempotencyKey === idempotencyKey) {
      return { already_unlocked: false, price: -entry.amount, gem_balance: entry.balanceAfter };
    }
    return { already_unlocked: true, price: 0, gem_balance: live };
  }

  async function purchase(
    db: Db,
    userId: number,
    input: { kind: UnlockKind; gameId: number; targetId: number; idempotencyKey: string },
    resolve: UnlockResolver,
  ): Promise<UnlockResult> {
    return db.transaction(async (tx) => {
      const price = await readPrice(tx, resolve, input);
      if (!isPrice(price)) throw new AppError(STATUS.UNLOCK_TARGET_UNKNOWN);
      const target = { price };
      const ref = `${input.kind}:${input.gameId}:${input.targetId}`;
      const existing = await findUnlock(tx, userId, input.kind, input.targetId);
      if (existing) return answerExisting(tx, userId, existing.entryId, input.idempotencyKey);
      const spent = await wallet.spend(
        tx,
        userId,
        target.price,
        SPEND_REASON[input.kind],
        ref,
        input.idempotencyKey,
      );
      if (spent.replayed) {
        return answerExisting(tx, userId, spent.entry.id, input.idempotencyKey);
      }
      // Bought meanwhile under another key (the look above ran before the wallet lock): the
      // unique index says so, and this spend is rolled back.
      const inserted = await insertUnlock(tx, {
        userId,
        kind: input.kind,
        gameId: input.gameId,
        targetId: input.targetId,
        price: target.price,
        entryId: spent.entry.id,
        createdAt: spent.entry.createdAt,
      });
      if (!inserted) throw new BoughtMeanwhile();
      return {
        already_unlocked: false,
        price: target.price,
        gem_balance: spent.entry.balanceAfter,
      };
    });
  }

  /** The first answer for the key that bought it; for any other request, "already unlocked". */
  async function answerExisting(
    tx: Exec,
    userId: number,
    entryId: number,
    idempotencyKey: string,
  ): Promise<UnlockResult> {
    const entry = await findEntryById(tx, entryId);
    if (entry && entry.idempotencyKey === idempotencyKey) {
      return { already_unlocked: false, price: -entry.amount, gem_balance: entry.balanceAfter };
    }
    return { already_unlocked: true, price: 0, gem_balance: await wallet.balance(tx, userId) };
  }

  return { registerUnlockable, isUnlocked, unlock };
}

export type UnlockService = ReturnType<typeof createUnlockService>;
