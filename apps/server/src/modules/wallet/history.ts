import type { Page, WalletEntry } from '@taleforge/contracts';
import type { LedgerEntryType } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import { countEntries, type EntryRow, listEntries } from './queries.js';

export function toWalletEntry(row: EntryRow): WalletEntry {
  return {
    id: row.id,
    type: row.type as LedgerEntryType,
    amount: row.amount,
    balance_after: row.balanceAfter,
    ref: row.ref,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the orders behind some credit entries cost, by entry id (the payments module knows). */
export type PaidFor = (
  entryIds: number[],
) => Promise<Map<number, NonNullable<WalletEntry['paid']>>>;

/** The user's ledger, newest first; a top-up carries its price beside its gems. */
export async function listTransactions(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
  paidFor?: PaidFor,
): Promise<Page<WalletEntry>> {
  const [rows, total] = await Promise.all([
    listEntries(db, userId, pageSize, (page - 1) * pageSize),
    countEntries(db, userId),
  ]);
  const recharges = rows.filter((r) => r.type === 'recharge').map((r) => r.id);
  const paid = paidFor && recharges.length > 0 ? await paidFor(recharges) : new Map();
  const list = rows.map((row) => {
    const entry = toWalletEntry(row);
    const price = paid.get(row.id);
    return price ? { ...entry, paid: price } : entry;
  });
  return { list, page, page_size: pageSize, total };
}
