import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { unlocks } from '../../platform/db/schema/index.js';
import {
  ensureWallet,
  insertEntries,
  insertLot,
  lockWallet,
  openLots,
  setLotRemainders,
  setWalletBalance,
} from './queries.js';

/**
 * A visitor's gems and purchases follow them to the account they sign in to or register
 * (auth/visitor-merge.ts calls this inside the sign-in transaction). The gems move through the
 * ledger — `transfer_out` on the visitor, `transfer_in` on the account — and each lot keeps its own
 * expiry, so the year a gem is valid does not start again. Unlocks the account already holds stay
 * with the visitor: nothing is bought twice over.
 */
export async function moveVisitorWallet(tx: Tx, from: number, to: number): Promise<void> {
  await ensureWallet(tx, to);
  // Both wallet rows, in id order, so two merges (or a merge and a spend) cannot deadlock.
  const [first, second] = from < to ? [from, to] : [to, from];
  const balances = new Map<number, number | null>();
  balances.set(first, await lockWallet(tx, first));
  balances.set(second, await lockWallet(tx, second));
  const visitorBalance = balances.get(from) ?? null;
  const accountBalance = balances.get(to) ?? 0;

  await tx
    .update(unlocks)
    .set({ userId: to })
    .where(
      and(
        eq(unlocks.userId, from),
        sql`not exists (select 1 from unlocks held where held.user_id = ${to}
              and held.kind = ${unlocks.kind} and held.target_id = ${unlocks.targetId})`,
      ),
    );

  // Every lot with gems left, expired or not: the balance counts unswept expired remainders too,
  // and the expiry job takes them out of the account as it would have from the visitor.
  const lots = visitorBalance ? await openLots(tx, from) : [];
  const moved = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  if (moved === 0 || visitorBalance === null || accountBalance === null) return;

  const now = new Date();
  const key = `visitor-merge:${randomUUID()}`;
  const written = await insertEntries(tx, [
    {
      userId: from,
      type: 'transfer_out',
      amount: -moved,
      balanceAfter: visitorBalance - moved,
      ref: `user:${to}`,
      idempotencyKey: key,
      requestHash: key,
      createdAt: now,
    },
    {
      userId: to,
      type: 'transfer_in',
      amount: moved,
      balanceAfter: accountBalance + moved,
      ref: `user:${from}`,
      idempotencyKey: key,
      requestHash: key,
      createdAt: now,
    },
  ]);
  const into = written.find((entry) => entry.userId === to);
  if (!into) throw new Error('the account’s transfer entry was not written');
  await setLotRemainders(
    tx,
    lots.map((lot) => ({ id: lot.id, remaining: 0 })),
  );
  for (const lot of lots) {
    await insertLot(tx, {
      userId: to,
      entryId: into.id,
      amount: lot.remaining,
      remaining: lot.remaining,
      expiresAt: lot.expiresAt,
    });
  }
  await setWalletBalance(tx, from, visitorBalance - moved, now);
  await setWalletBalance(tx, to, accountBalance + moved, now);
}
