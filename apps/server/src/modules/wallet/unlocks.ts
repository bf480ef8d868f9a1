import type { UnlockKind } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { type Exec, findEntryById, findUnlock, insertUnlock } from './queries.js';
import type { WalletService } from './wallet-service.js';

/** Answers what a target costs, or null when it does not exist (in the caller's transaction). */
export type UnlockResolver = (
  tx: Exec,
  target: { gameId: number; targetId: number },
) => Promise<{ price: number } | null>;

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
    try {
      return await purchase(db, userId, input, resolve);
    } catch (error) {
      if (!(error instanceof BoughtMeanwhile)) throw error;
      return purchase(db, userId, input, resolve);
    }
  }

  async function purchase(
    db: Db,
    userId: number,
    input: { kind: UnlockKind; gameId: number; targetId: number; idempotencyKey: string },
    resolve: UnlockResolver,
  ): Promise<UnlockResult> {
    return db.transaction(async (tx) => {
      const target = await resolve(tx, input);
      if (!target || !Number.isSafeInteger(target.price) || target.price <= 0) {
        throw new AppError(STATUS.UNLOCK_TARGET_UNKNOWN);
      }
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
