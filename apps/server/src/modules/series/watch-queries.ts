import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { episodes, episodeWatches } from '../../platform/db/schema/index.js';

export type WatchRow = {
  episodeId: number;
  gameId: number;
  positionMs: number;
  completed: boolean;
  updatedAt: Date;
};

const watchColumns = {
  episodeId: episodeWatches.episodeId,
  gameId: episodeWatches.gameId,
  positionMs: episodeWatches.positionMs,
  completed: episodeWatches.completed,
  updatedAt: episodeWatches.updatedAt,
};

/** The viewer's watches of some series. */
export async function listSeriesWatches(
  db: Db | Tx,
  userId: number,
  gameIds: number[],
): Promise<WatchRow[]> {
  if (gameIds.length === 0) return [];
  return db
    .select(watchColumns)
    .from(episodeWatches)
    .where(and(eq(episodeWatches.userId, userId), inArray(episodeWatches.gameId, gameIds)));
}

/** The viewer's most recent watch in each series, newest first (continueAt decides ties again). */
export async function latestWatchPerSeries(
  db: Db | Tx,
  userId: number,
  limit: number,
): Promise<WatchRow[]> {
  const latest = db
    .selectDistinctOn([episodeWatches.gameId], watchColumns)
    .from(episodeWatches)
    .where(eq(episodeWatches.userId, userId))
    .orderBy(episodeWatches.gameId, desc(episodeWatches.updatedAt), desc(episodeWatches.episodeId))
    .as('latest');
  return db.select().from(latest).orderBy(desc(latest.updatedAt)).limit(limit);
}

/**
 * Saves where the viewer is. The first save of an episode counts a view, the first completed one a
 * completion, in the same transaction: the insert that makes the row, or the update that turns
 * `completed` on, is done once however many requests race (the row's lock decides), and only that
 * one moves the episode's count.
 */
export async function saveWatch(
  tx: Tx,
  watch: {
    userId: number;
    episodeId: number;
    gameId: number;
    positionMs: number;
    completed: boolean;
    now: Date;
  },
): Promise<{ positionMs: number; completed: boolean }> {
  const { userId, episodeId, now } = watch;
  const [inserted] = await tx
    .insert(episodeWatches)
    .values({ ...watch, updatedAt: now })
    .onConflictDoNothing()
    .returning({ completed: episodeWatches.completed });
  if (inserted) {
    await moveCounts(tx, episodeId, 1, watch.completed ? 1 : 0);
    return { positionMs: watch.positionMs, completed: watch.completed };
  }
  const key = and(eq(episodeWatches.userId, userId), eq(episodeWatches.episodeId, episodeId));
  if (watch.completed) {
    const [finished] = await tx
      .update(episodeWatches)
      .set({ positionMs: watch.positionMs, completed: true, updatedAt: now })
      .where(and(key, eq(episodeWatches.completed, false)))
      .returning({ completed: episodeWatches.completed });
    if (finished) {
      await moveCounts(tx, episodeId, 0, 1);
      return { positionMs: watch.positionMs, completed: true };
    }
  }
  // Once finished, an episode stays finished: watching its start again moves only the position.
  const [row] = await tx
    .update(episodeWatches)
    .set({ positionMs: watch.positionMs, updatedAt: now })
    .where(key)
    .returning({ positionMs: episodeWatches.positionMs, completed: episodeWatches.completed });
  // Moved to an account by a sign-in that committed meanwhile: the account has it now.
  return row ?? { positionMs: watch.positionMs, completed: watch.completed };
}

async function moveCounts(tx: Tx, episodeId: number, views: number, completions: number) {
  await tx
    .update(episodes)
    .set({
      viewCount: sql`${episodes.viewCount} + ${views}`,
      completeCount: sql`${episodes.completeCount} + ${completions}`,
    })
    .where(eq(episodes.id, episodeId));
}
