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

/**
 * Compare-and-set on seq: writes only over the step it was computed from. Returns the row as
 * written, built from what was sent (reading the large JSON columns back would cost as much again).
 */
export async function updateSave(
  tx: Db | Tx,
  save: SaveRow,
  values: Omit<Partial<NewSave>, 'id' | 'userId' | 'gameId'> & { updatedAt: Date },
): Promise<SaveRow | null> {
  const written = await tx
    .update(gameSaves)
    .set(values)
    .where(and(eq(gameSaves.id, save.id), eq(gameSaves.seq, save.seq)))
    .returning({ id: gameSaves.id });
  return written.length === 1 ? { ...save, ...values } : null;
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

/**
 * Raises the line the player has seen at step `seq`, never lowering it (two reads sent quickly may
 * arrive in either order) and only within the lines on screen. Returns the line now kept, or null
 * when no save matched: none, another step since, or a line past the last.
 */
export async function raiseLineSeen(
  db: Db,
  userId: number,
  gameId: number,
  seq: number,
  line: number,
  now: Date,
): Promise<number | null> {
  const seen = sql`GREATEST(COALESCE((${gameSaves.view}->>'lineSeen')::int, 0), ${line}::int)`;
  const [row] = await db
    .update(gameSaves)
    // Reading on is playing: the save counts as played now (the "continue playing" order).
    .set({
      view: sql`jsonb_set(${gameSaves.view}, '{lineSeen}', to_jsonb(${seen}))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(gameSaves.userId, userId),
        eq(gameSaves.gameId, gameId),
        eq(gameSaves.seq, seq),
        sql`jsonb_array_length(${gameSaves.view}->'lines') > ${line}::int`,
      ),
    )
    .returning({ lineSeen: sql<number>`(${gameSaves.view}->>'lineSeen')::int` });
  return row ? Number(row.lineSeen) : null;
}

/**
 * A visitor's saves move to the account they sign in to. Where both played the same game, the
 * save played last wins and the other is dropped (one save per player and game).
 */
export async function moveVisitorSaves(
  tx: Tx,
  fromUserId: number,
  toUserId: number,
): Promise<void> {
  await tx.execute(sql`
    DELETE FROM game_saves v USING game_saves a
    WHERE v.user_id = ${fromUserId} AND a.user_id = ${toUserId} AND a.game_id = v.game_id
      AND a.updated_at >= v.updated_at`);
  await tx.execute(sql`
    DELETE FROM game_saves a USING game_saves v
    WHERE a.user_id = ${toUserId} AND v.user_id = ${fromUserId} AND a.game_id = v.game_id`);
  await tx.update(gameSaves).set({ userId: toUserId }).where(eq(gameSaves.userId, fromUserId));
}
