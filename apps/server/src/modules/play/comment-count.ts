import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { games } from '../../platform/db/schema/index.js';

/**
 * Moves a work's visible-comment count by `delta`, in the transaction that added or removed the
 * comments: social owns the comments, play owns `games`. A relative update, so concurrent posts
 * and deletes each land. Answers the new count, or null when the work is gone.
 */
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
