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

/** The user's ledger, newest first. */
export async function listTransactions(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<Page<WalletEntry>> {
  const [rows, total] = await Promise.all([
    listEntries(db, userId, pageSize, (page - 1) * pageSize),
    countEntries(db, userId),
  ]);
  return { list: rows.map(toWalletEntry), page, page_size: pageSize, total };
}
