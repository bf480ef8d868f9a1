import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { gemLots, unlocks, walletEntries, wallets } from '../../platform/db/schema/index.js';

/** Reads and writes run on the outer handle or inside the caller's transaction alike. */
export type Exec = Db | Tx;
export type EntryRow = typeof walletEntries.$inferSelect;
export type LotRow = typeof gemLots.$inferSelect;
export type NewEntry = typeof walletEntries.$inferInsert;
export type UnlockRow = typeof unlocks.$inferSelect;

export async function ensureWallet(tx: Exec, userId: number): Promise<void> {
  await tx.insert(wallets).values({ userId, balance: 0 }).onConflictDoNothing();
}

/**
 * Locks the user's wallet row (every change of their gems holds it) and reads its balance.
 * Null when the user has no wallet.
 */
export async function lockWallet(tx: Exec, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for('update');
  return row?.balance ?? null;
}

/**
 * The entry already written under an idempotency key. Read in its own statement after the lock:
 * a statement that waited for the lock still sees only what was committed when it started.
 */
export async function findEntryByKey(
  tx: Exec,
  userId: number,
  idempotencyKey: string,
): Promise<EntryRow | null> {
  const [row] = await tx
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** A ledger entry as `to_jsonb` returns it from raw SQL. */
export interface EntryJson {
  id: number;
  user_id: number;
  type: string;
  amount: number;
  balance_after: number;
  ref: string;
  idempotency_key: string;
  request_hash: string;
  created_at: string;
}

export function entryFromJson(e: EntryJson): EntryRow {
  return {
    id: Number(e.id),
    userId: Number(e.user_id),
    type: e.type,
    amount: Number(e.amount),
    balanceAfter: Number(e.balance_after),
    ref: e.ref,
    idempotencyKey: e.idempotency_key,
    requestHash: e.request_hash,
    createdAt: new Date(e.created_at),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * What a spend needs once it holds the wallet lock, in one round trip: the entry already written
 * under the idempotency key, and the open lots, soonest expiry first. Its own statement after the
 * lock, so it sees everything committed before the lock was granted.
 */
export async function readSpendState(
  tx: Exec,
  userId: number,
  idempotencyKey: string,
): Promise<{ entry: EntryRow | null; lots: LotRow[] }> {
  const [row] = rowsOf<{
    entry: EntryJson | null;
    lots: { id: number; entry_id: number; amount: number; remaining: number; expires_at: string }[];
  }>(
    await tx.execute(sql`
      select
        (select row_to_json(e) from (
          select id, user_id, type, amount, balance_after, ref, idempotency_key, request_hash, created_at
          from wallet_entries where user_id = ${userId} and idempotency_key = ${idempotencyKey}
        ) as e) as entry,
        coalesce((select json_agg(l order by l.expires_at, l.id) from (
          select id, entry_id, amount, remaining, expires_at
          from gem_lots where user_id = ${userId} and remaining > 0
        ) as l), '[]'::json) as lots`),
  );
  return {
    entry: row?.entry ? entryFromJson(row.entry) : null,
    lots: (row?.lots ?? []).map((l) => ({
      id: Number(l.id),
      userId,
      entryId: Number(l.entry_id),
      amount: Number(l.amount),
      remaining: Number(l.remaining),
      expiresAt: new Date(l.expires_at),
    })),
  };
}

/**
 * A spend's writes in one statement: the lots it takes from, the wallet's new balance and the
 * ledger entry. The caller holds the wallet lock.
 */
export async function writeSpend(
  tx: Exec,
  changes: { id: number; remaining: number }[],
  entry: NewEntry & { createdAt: Date },
): Promise<EntryRow> {
  const ids = `{${changes.map((c) => c.id).join(',')}}`;
  const rest = `{${changes.map((c) => c.remaining).join(',')}}`;
  const [row] = rowsOf<EntryJson>(
    await tx.execute(sql`
      with taken as (
        update gem_lots as l set remaining = v.remaining
        from (select unnest(${ids}::bigint[]) as id, unnest(${rest}::bigint[]) as remaining) as v
        where l.id = v.id
      ), wallet as (
        update wallets set balance = ${entry.balanceAfter}, updated_at = ${entry.createdAt}
        where user_id = ${entry.userId}
      )
      insert into wallet_entries
        (user_id, type, amount, balance_after, ref, idempotency_key, request_hash, created_at)
      values (${entry.userId}, ${entry.type}, ${entry.amount}, ${entry.balanceAfter}, ${entry.ref},
        ${entry.idempotencyKey}, ${entry.requestHash}, ${entry.createdAt})
      returning id, user_id, type, amount, balance_after, ref, idempotency_key, request_hash, created_at`),
  );
  return entryFromJson(row!);
}

/** Lots still holding gems, soonest expiry first; the caller holds the wallet lock. */
export function openLots(tx: Exec, userId: number): Promise<LotRow[]> {
  return tx
    .select()
    .from(gemLots)
    .where(and(eq(gemLots.userId, userId), gt(gemLots.remaining, 0)))
    .orderBy(asc(gemLots.expiresAt), asc(gemLots.id));
}

/** Sets the remainders of several lots in one statement. */
export async function setLotRemainders(
  tx: Exec,
  changes: { id: number; remaining: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  const ids = `{${changes.map((c) => c.id).join(',')}}`;
  const rest = `{${changes.map((c) => c.remaining).join(',')}}`;
  await tx.execute(sql`
    update gem_lots as l set remaining = v.remaining
    from (select unnest(${ids}::bigint[]) as id, unnest(${rest}::bigint[]) as remaining) as v
    where l.id = v.id`);
}

export async function insertEntries(tx: Exec, entries: NewEntry[]): Promise<EntryRow[]> {
  return tx.insert(walletEntries).values(entries).returning();
}

export async function insertLot(tx: Exec, lot: typeof gemLots.$inferInsert): Promise<void> {
  await tx.insert(gemLots).values(lot);
}

export async function setWalletBalance(
  tx: Exec,
  userId: number,
  balance: number,
  now: Date,
): Promise<void> {
  await tx.update(wallets).set({ balance, updatedAt: now }).where(eq(wallets.userId, userId));
}

/** Gems the user can spend at `now`: an expired lot never counts, swept or not. */
export async function availableGems(exec: Exec, userId: number, now: Date): Promise<number> {
  const [row] = await exec
    .select({ total: sql<string | null>`sum(${gemLots.remaining})` })
    .from(gemLots)
    .where(and(eq(gemLots.userId, userId), gt(gemLots.remaining, 0), gt(gemLots.expiresAt, now)));
  return Number(row?.total ?? 0);
}

export function listEntries(
  exec: Exec,
  userId: number,
  limit: number,
  offset: number,
): Promise<EntryRow[]> {
  return exec
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.id))
    .limit(limit)
    .offset(offset);
}

export async function countEntries(exec: Exec, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return row?.n ?? 0;
}

/** Users holding lots that have expired but still carry gems: the expiry job's work list. */
export async function usersWithExpiredLots(exec: Exec, now: Date, limit: number) {
  const rows = await exec
    .selectDistinct({ userId: gemLots.userId })
    .from(gemLots)
    .where(and(gt(gemLots.remaining, 0), lte(gemLots.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.userId);
}

export async function findUnlock(
  exec: Exec,
  userId: number,
  kind: string,
  targetId: number,
): Promise<UnlockRow | null> {
  const [row] = await exec
    .select()
    .from(unlocks)
    .where(and(eq(unlocks.userId, userId), eq(unlocks.kind, kind), eq(unlocks.targetId, targetId)));
  return row ?? null;
}

/** Which of the targets the user holds. */
export async function findUnlockedTargets(
  exec: Exec,
  userId: number,
  kind: string,
  targetIds: number[],
): Promise<number[]> {
  const rows = await exec
    .select({ targetId: unlocks.targetId })
    .from(unlocks)
    .where(
      and(eq(unlocks.userId, userId), eq(unlocks.kind, kind), inArray(unlocks.targetId, targetIds)),
    );
  return rows.map((r) => r.targetId);
}

/** False when the user already holds this target (the unique index decides, also under races). */
export async function insertUnlock(tx: Exec, row: typeof unlocks.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(unlocks)
    .values(row)
    .onConflictDoNothing({ target: [unlocks.userId, unlocks.kind, unlocks.targetId] })
    .returning({ id: unlocks.id });
  return rows.length === 1;
}

export async function findEntryById(exec: Exec, id: number): Promise<EntryRow | null> {
  const [row] = await exec.select().from(walletEntries).where(eq(walletEntries.id, id));
  return row ?? null;
}
