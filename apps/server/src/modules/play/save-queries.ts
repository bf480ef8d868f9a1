import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  gameSaveSteps,
  gameSaves,
  games,
  type LocalizedText,
} from '../../platform/db/schema/index.js';
import type { Snapshot } from '../../platform/db/schema/save-state.js';

/** A save; its choice points stay in their own rows, read one at a time by a rewind. */
export type SaveRow = typeof gameSaves.$inferSelect;
export type NewSave = typeof gameSaves.$inferInsert;
/** What a rewind restores: a choice point without the choice taken from it. */
export type StoredSnapshot = Omit<Snapshot, 'chosen'>;

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

/** The choice point a rewind goes back to; null when there is none at that step. */
export async function findSnapshot(
  db: Db | Tx,
  saveId: number,
  step: number,
): Promise<StoredSnapshot | null> {
  const [row] = await db
    .select({
      inkState: gameSaveSteps.inkState,
      state: gameSaveSteps.state,
      view: gameSaveSteps.view,
    })
    .from(gameSaveSteps)
    .where(and(eq(gameSaveSteps.saveId, saveId), eq(gameSaveSteps.step, step)));
  return row ?? null;
}

/** Every choice point of a save, oldest first (tests and tools; a step never reads them all). */
export async function listSnapshots(db: Db | Tx, saveId: number): Promise<StoredSnapshot[]> {
  return db
    .select({
      inkState: gameSaveSteps.inkState,
      state: gameSaveSteps.state,
      view: gameSaveSteps.view,
    })
    .from(gameSaveSteps)
    .where(eq(gameSaveSteps.saveId, saveId))
    .orderBy(asc(gameSaveSteps.step));
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

/** A new chapter (or the same one again) starts with no choice points. */
export async function clearSnapshots(tx: Tx, saveId: number): Promise<void> {
  await tx.delete(gameSaveSteps).where(eq(gameSaveSteps.saveId, saveId));
}

/** What a step does to the choice points besides writing the save. */
export type HistoryWrite =
  | { kind: 'add'; step: number; snapshot: Snapshot }
  | { kind: 'cut'; from: number }
  | null;

type SaveValues = Omit<Partial<NewSave>, 'id' | 'userId' | 'gameId'> & { updatedAt: Date };

/**
 * Compare-and-set on seq: writes only over the step it was computed from, and the choice point
 * the step adds (or the ones a rewind leaves) in the same statement, only when the save was
 * written. A choice appends its choice to `chosen` in the database rather than sending the whole
 * list again. Returns the row as written, built from what was sent (reading the large JSON
 * columns back would cost as much again).
 */
export async function updateSave(
  db: Db | Tx,
  save: SaveRow,
  values: SaveValues,
  history: HistoryWrite = null,
): Promise<SaveRow | null> {
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const chosen: LocalizedText[] =
    history?.kind === 'add'
      ? [...save.chosen, history.snapshot.chosen]
      : history?.kind === 'cut'
        ? save.chosen.slice(0, history.from)
        : (values.chosen ?? save.chosen);
  const set =
    history?.kind === 'add'
      ? {
          ...values,
          chosen: sql`${gameSaves.chosen} || jsonb_build_array(${json(history.snapshot.chosen)})`,
        }
      : history?.kind === 'cut'
        ? { ...values, chosen }
        : values;
  const saved = db.$with('saved').as(
    db
      .update(gameSaves)
      .set(set)
      .where(and(eq(gameSaves.id, save.id), eq(gameSaves.seq, save.seq)))
      .returning({ id: gameSaves.id }),
  );
  const changed = { saveId: gameSaveSteps.saveId };
  const change =
    history?.kind === 'add'
      ? db.$with('history_change', changed).as(
          sql`insert into ${gameSaveSteps} (save_id, step, ink_state, state, view)
          select ${saved.id}, ${history.step}, ${history.snapshot.inkState},
            ${json(history.snapshot.state)}, ${json(history.snapshot.view)}
          from ${saved}
          on conflict (save_id, step) do update set ink_state = excluded.ink_state,
            state = excluded.state, view = excluded.view
          returning save_id`,
        )
      : history?.kind === 'cut'
        ? db.$with('history_change', changed).as(
            sql`delete from ${gameSaveSteps} where ${gameSaveSteps.saveId} in
            (select ${saved.id} from ${saved}) and ${gte(gameSaveSteps.step, history.from)}
            returning save_id`,
          )
        : null;
  const written = await (change ? db.with(saved, change) : db.with(saved))
    .select({ id: saved.id })
    .from(saved);
  return written.length === 1 ? { ...save, ...values, chosen } : null;
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
