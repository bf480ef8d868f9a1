import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../src/app.js';
import type { Db, Tx } from '../../src/platform/db/client.js';

/**
 * Unlockable chapters and episodes for tests: a table of this test's own, standing in for the
 * story module's chapters (which register their resolver when the app is built).
 */
export const TEST_UNLOCKABLES: NonNullable<AppDeps['unlockables']> = (
  ['chapter', 'episode'] as const
).map((kind) => ({
  kind,
  resolve: async (tx, { gameId, targetId }) => {
    const result = await tx.execute(
      sql`select price from test_unlockables where kind = ${kind} and game_id = ${gameId} and id = ${targetId}`,
    );
    const row = (result as unknown as { rows: { price: string | number }[] }).rows[0];
    return row ? { price: Number(row.price) } : null;
  },
}));

export async function createUnlockables(
  db: Db,
  rows: { kind: 'chapter' | 'episode'; gameId: number; id: number; price: number }[],
): Promise<void> {
  await db.execute(sql`create table if not exists test_unlockables (
    kind text not null, game_id bigint not null, id bigint not null, price bigint not null,
    primary key (kind, id))`);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.execute(
      sql`insert into test_unlockables (kind, game_id, id, price) values ${sql.join(
        chunk.map((r) => sql`(${r.kind}, ${r.gameId}, ${r.id}, ${r.price})`),
        sql`, `,
      )} on conflict do nothing`,
    );
  }
}

async function rows<T>(db: Db | Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface LedgerReport {
  violations: string[];
  totals: { balance: number; minted: number; spent: number; expired: number };
}

/**
 * The bank-test invariants over the whole database: every wallet's balance equals the sum of its
 * entries and of its lots' remainders, nothing is negative, each entry's balance_after is the
 * running sum, and total gems = minted − spent − expired.
 */
export async function checkLedger(db: Db | Tx): Promise<LedgerReport> {
  const violations: string[] = [];
  const wallets = await rows<{
    user_id: string;
    balance: string;
    entries: string | null;
    lots: string | null;
  }>(
    db,
    sql`select w.user_id, w.balance,
          (select sum(amount) from wallet_entries e where e.user_id = w.user_id) as entries,
          (select sum(remaining) from gem_lots l where l.user_id = w.user_id) as lots
        from wallets w`,
  );
  for (const w of wallets) {
    const balance = Number(w.balance);
    if (balance < 0) violations.push(`user ${w.user_id}: negative balance ${balance}`);
    if (balance !== Number(w.entries ?? 0)) {
      violations.push(`user ${w.user_id}: balance ${balance} ≠ entries ${w.entries}`);
    }
    if (balance !== Number(w.lots ?? 0)) {
      violations.push(`user ${w.user_id}: balance ${balance} ≠ lots ${w.lots}`);
    }
  }
  const chains = await rows<{
    user_id: string;
    id: string;
    balance_after: string;
    running: string;
  }>(
    db,
    sql`select user_id, id, balance_after,
          sum(amount) over (partition by user_id order by id) as running
        from wallet_entries`,
  );
  for (const e of chains) {
    if (Number(e.balance_after) !== Number(e.running)) {
      violations.push(`entry ${e.id}: balance_after ${e.balance_after} ≠ running sum ${e.running}`);
    }
    if (Number(e.balance_after) < 0) violations.push(`entry ${e.id}: negative balance_after`);
  }
  const [t] = await rows<{
    balance: string | null;
    minted: string | null;
    spent: string | null;
    expired: string | null;
  }>(
    db,
    sql`select (select sum(balance) from wallets) as balance,
          (select sum(amount) from wallet_entries where amount > 0) as minted,
          (select -sum(amount) from wallet_entries where amount < 0 and type <> 'expiry') as spent,
          (select -sum(amount) from wallet_entries where type = 'expiry') as expired`,
  );
  const totals = {
    balance: Number(t?.balance ?? 0),
    minted: Number(t?.minted ?? 0),
    spent: Number(t?.spent ?? 0),
    expired: Number(t?.expired ?? 0),
  };
  if (totals.balance !== totals.minted - totals.spent - totals.expired) {
    violations.push(`total ${totals.balance} ≠ minted − spent − expired`);
  }
  return { violations, totals };
}

/** The checks on one consistent snapshot, so a concurrent writer cannot fake a violation. */
export function checkLedgerSnapshot(db: Db): Promise<LedgerReport> {
  return db.transaction((tx) => checkLedger(tx), { isolationLevel: 'repeatable read' });
}

/** Every paid order credited exactly once, with its own gems; no other order credited at all. */
export async function checkOrderCredits(db: Db): Promise<string[]> {
  const found = await rows<{
    order_no: string;
    status: string;
    gems: string;
    credits: string;
    credited: string | null;
  }>(
    db,
    sql`select o.order_no, o.status, o.gems + o.bonus_gems as gems,
          count(e.id) as credits, sum(e.amount) as credited
        from orders o left join wallet_entries e
          on e.user_id = o.user_id and e.type = 'recharge' and e.ref = o.order_no
        group by o.order_no, o.status, o.gems, o.bonus_gems`,
  );
  const violations: string[] = [];
  for (const o of found) {
    const expected = o.status === 'success' ? 1 : 0;
    if (Number(o.credits) !== expected) {
      violations.push(`order ${o.order_no} (${o.status}): ${o.credits} credits`);
    } else if (expected === 1 && Number(o.credited) !== Number(o.gems)) {
      violations.push(`order ${o.order_no}: credited ${o.credited}, worth ${o.gems}`);
    }
  }
  return violations;
}
