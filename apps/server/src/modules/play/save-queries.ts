import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { gameSaves, games } from '../../platform/db/schema/index.js';

export type SaveRow = typeof gameSaves.$inferSelect;
export type NewSave = typeof gameSaves.$inferInsert;

/** The player's save, locked until the transaction ends: two devices take turns here. */
export async function lockSave(tx: Tx, userId: number, gameId: number): Promise<SaveRow | null> {
  const [row] = await tx
    .select()
    .from(gameSaves)
    .where(and(eq(gameSaves.userId, userId), eq(gameSaves.gameId, gameId)))
    .for('update');
  return row ?? null;
}

export async function findSave(
  db: Db | Tx,
  userId: number,
  gameId: number,
): Promise<SaveRow | null> {
  const [row] = await db
    .select()
    .from(gameSaves)
    .where(and(eq(gameSaves.userId, userId), eq(gameSaves.gameId, gameId)));
  return row ?? null;
}

/** First save of a player in a game; null when another device created it first. */
export async function insertSave(tx: Tx, values: NewSave): Promise<SaveRow | null> {
  const [row] = await tx.insert(gameSaves).values(values).onConflictDoNothing().returning();
  if (row)
    await tx
      .update(games)
      .set({ playCount: sql`${games.playCount} + 1` })
      .where(eq(games.id, values.gameId));
  return row ?? null;
}

/** Compare-and-set on seq: writes only over the step it was computed from. */
export async function updateSave(
  tx: Tx,
  id: number,
  expectedSeq: number,
  values: Partial<NewSave>,
): Promise<SaveRow | null> {
  const [row] = await tx
    .update(gameSaves)
    .set({ updatedAt: sql`now()`, ...values })
    .where(and(eq(gameSaves.id, id), eq(gameSaves.seq, expectedSeq)))
    .returning();
  return row ?? null;
}

export async function listUserSaves(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<SaveRow[]> {
  return db
    .select()
    .from(gameSaves)
    .where(eq(gameSaves.userId, userId))
    .orderBy(desc(gameSaves.updatedAt), desc(gameSaves.id))
    .limit(limit)
    .offset(offset);
}

export async function countUserSaves(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gameSaves).where(eq(gameSaves.userId, userId));
  return row?.n ?? 0;
}
