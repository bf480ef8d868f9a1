import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { games } from '../../platform/db/schema/index.js';

/**
 * Moves a work's like count by one, in the transaction that inserted or deleted the like row
 * (social owns the rows, play owns the count): the count stays equal to the rows.
 */
export async function moveLikeCount(tx: Tx, gameId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(games)
    .set({ likeCount: sql`greatest(${games.likeCount} + ${delta}, 0)` })
    .where(eq(games.id, gameId));
}
