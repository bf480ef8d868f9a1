import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { games } from '../../platform/db/schema/index.js';

// A work's like and comment counts move in the transaction that inserted or deleted the rows
// they count (social owns the rows, play owns `games`). Relative updates, so concurrent changes
// each land; no clamp at zero: a count driven negative is a bug the table's check refuses.

export async function moveLikeCount(tx: Tx, gameId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(games)
    .set({ likeCount: sql`${games.likeCount} + ${delta}` })
    .where(eq(games.id, gameId));
}

/** Answers the new count of visible comments, or null when the work is gone. */
export async function moveCommentCount(
  tx: Tx,
  gameId: number,
  delta: number,
): Promise<number | null> {
  const [row] = await tx
    .update(games)
    .set({ commentCount: sql`${games.commentCount} + ${delta}` })
    .where(eq(games.id, gameId))
    .returning({ commentCount: games.commentCount });
  return row?.commentCount ?? null;
}

/**
 * A series' card counts its episodes where a story's counts chapters (`chapter_count`): the series
 * module sets it in the transaction that adds an episode.
 */
export async function setSeriesEpisodeCount(tx: Tx, gameId: number, count: number): Promise<void> {
  await tx
    .update(games)
    .set({ chapterCount: count })
    .where(and(eq(games.id, gameId), eq(games.kind, 'series')));
}
