import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { orders, paymentEvents, sandboxCheckouts, users } from '../../platform/db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;

/** The price of each order credited by one of these ledger entries, by entry id. */
export async function findPaidForEntries(exec: Db | Tx, entryIds: number[]) {
  const rows = await exec
    .select({
      entryId: orders.creditEntryId,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
    })
    .from(orders)
    .where(inArray(orders.creditEntryId, entryIds));
  return rows;
}

/** Inserts unless the user already used the idempotency key; null then. */
export async function insertOrder(db: Db, order: NewOrder): Promise<OrderRow | null> {
  const [row] = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findOrderByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findOrder(exec: Db | Tx, orderNo: string): Promise<OrderRow | null> {
  const [row] = await exec.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row ?? null;
}

export async function lockOrder(exec: Db | Tx, orderNo: string): Promise<OrderRow | null> {
  const [row] = await exec.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return row ?? null;
}

export async function updateOrder(
  exec: Db | Tx,
  id: number,
  changes: Partial<NewOrder>,
): Promise<OrderRow> {
  const [row] = await exec.update(orders).set(changes).where(eq(orders.id, id)).returning();
  return row!;
}

/** The player's latest order that ended without gems (failed, cancelled, timed out). */
export async function findLatestUnpaidOrder(
  exec: Db | Tx,
  userId: number,
): Promise<OrderRow | null> {
  const [row] = await exec
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ['failed', 'cancelled', 'timeout'])),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

/** Orders past their deadline that have not settled: the timeout job's work list. */
export async function findOverdueOrders(exec: Db | Tx, now: Date, limit: number) {
  const rows = await exec
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(inArray(orders.status, ['processing', 'failed']), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((r) => r.orderNo);
}

/** Records an event once; false when this provider's event id was seen before. */
export async function recordEvent(
  exec: Db | Tx,
  event: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const rows = await exec
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function setEventOutcome(
  exec: Db | Tx,
  provider: string,
  eventId: string,
  outcome: string,
): Promise<void> {
  await exec
    .update(paymentEvents)
    .set({ outcome })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

export async function findUserPublicId(exec: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await exec
    .select({ publicId: users.publicId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.publicId ?? null;
}

export async function insertSandboxCheckout(
  db: Db,
  row: typeof sandboxCheckouts.$inferInsert,
): Promise<void> {
  await db.insert(sandboxCheckouts).values(row);
}

export async function findSandboxCheckout(
  exec: Db | Tx,
  id: string,
  lock = false,
): Promise<SandboxCheckoutRow | null> {
  const query = exec.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSandboxCheckout(
  exec: Db | Tx,
  id: string,
  changes: Partial<typeof sandboxCheckouts.$inferInsert>,
): Promise<void> {
  await exec.update(sandboxCheckouts).set(changes).where(eq(sandboxCheckouts.id, id));
}

/**
 * A visitor's orders, paid or not, become the account's (auth/visitor-merge.ts, inside the
 * sign-in transaction): the order history shows them, and an order still open credits the
 * account when its webhook lands — the payer the provider knows is kept on the order. A key the
 * account already used for an order of its own gets the order number appended (the pair is
 * unique); only a retry of the visitor's create would have used it.
 */
export async function moveVisitorOrders(tx: Tx, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    UPDATE orders v SET
      user_id = ${to},
      payer_public_id = coalesce(v.payer_public_id, (SELECT public_id FROM users WHERE id = ${from})),
      idempotency_key = CASE
        WHEN EXISTS (SELECT 1 FROM orders a
                     WHERE a.user_id = ${to} AND a.idempotency_key = v.idempotency_key)
        THEN v.idempotency_key || ':' || v.order_no
        ELSE v.idempotency_key END
    WHERE v.user_id = ${from}`);
}
