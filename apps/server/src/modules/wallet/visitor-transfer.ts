import { randomUUID } from 'node:crypto';
import type { Tx } from '../../platform/db/client.js';
import {
  ensureWallet,
  insertEntries,
  insertLot,
  lockWallet,
  openLots,
  setLotRemainders,
  setWalletBalance,
} from './queries.js';
import { hasWallet, moveUnlocksNotHeld } from './visitor-transfer-queries.js';

/**
 * A visitor's gems and purchases follow them to the account they sign in to or register
 * (auth/visitor-merge.ts calls this inside the sign-in transaction). The gems move through the
 * ledger — `transfer_out` on the visitor, `transfer_in` on the account — and each lot keeps its own
 * expiry, so the year a gem is valid does not start again. Unlocks move too, except those the account
 * already holds (the unique index allows one per chapter): those stay on the visitor's record.
 */
export async function moveVisitorWallet(tx: Tx, from: number, to: number): Promise<void> {
  // No wallet, no gems and no purchases (an unlock is a spend): most visitors end here.
  if (!(await hasWallet(tx, from))) return;
  await ensureWallet(tx, to);
  // Both wallet rows, in id order, so two merges (or a merge and a spend) cannot deadlock.
  const [first, second] = from < to ? [from, to] : [to, from];
  const balances = new Map<number, number | null>();
  balances.set(first, await lockWallet(tx, first));
  balances.set(second, await lockWallet(tx, second));
  const visitorBalance = balances.get(from) ?? null;
  const accountBalance = balances.get(to) ?? 0;

  await moveUnlocksNotHeld(tx, from, to);

  // Every lot with gems left, expired or not: the balance counts unswept expired remainders too,
  // and the expiry job takes them out of the account as it would have from the visitor.
  const lots = visitorBalance ? await openLots(tx, from) : [];
  const moved = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  if (moved === 0 || visitorBalance === null) return;

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
