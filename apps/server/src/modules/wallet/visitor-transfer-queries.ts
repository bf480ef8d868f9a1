import { and, eq, sql } from 'drizzle-orm';
import { unlocks, wallets } from '../../platform/db/schema/index.js';
import type { Exec } from './queries.js';

// The statements only the visitor transfer needs (kept apart from the hot spend path's queries).

export async function hasWallet(tx: Exec, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row !== undefined;
}

/** Gives `to` the unlocks of `from` that `to` does not hold itself; the rest stay with `from`. */
export async function moveUnlocksNotHeld(tx: Exec, from: number, to: number): Promise<void> {
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
}
