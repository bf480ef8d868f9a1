import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';

/** The wallet's books in three numbers: what a copy of the database must carry over unchanged. */
export interface LedgerTotals {
  /** Gems held, over every wallet. */
  balances: number;
  /** Sum of every ledger entry (credits positive, spends and expiries negative). */
  entries: number;
  /** Gems left in purchased and granted lots: equal to the balances. */
  lots: number;
  /** Wallets whose balance is not the sum of their own entries: zero in healthy books. */
  unbalanced: number;
}

export async function ledgerTotals(db: Pick<Db | Tx, 'execute'>): Promise<LedgerTotals> {
  const result = await db.execute(
    sql`select (select coalesce(sum(balance), 0) from wallets)::text as balances,
               (select coalesce(sum(amount), 0) from wallet_entries)::text as entries,
               (select coalesce(sum(remaining), 0) from gem_lots)::text as lots,
               (select count(*) from wallets w
                 where w.balance <> (select coalesce(sum(e.amount), 0) from wallet_entries e
                                      where e.user_id = w.user_id))::text as unbalanced`,
  );
  const [row] = (result as unknown as { rows: Record<keyof LedgerTotals, string>[] }).rows;
  return {
    balances: Number(row?.balances ?? 0),
    entries: Number(row?.entries ?? 0),
    lots: Number(row?.lots ?? 0),
    unbalanced: Number(row?.unbalanced ?? 0),
  };
}
