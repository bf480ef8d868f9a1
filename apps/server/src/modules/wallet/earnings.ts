import { and, eq, gte, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { unlocks } from '../../platform/db/schema/index.js';

/**
 * Gems players paid to unlock one game's chapters since `since` (all time when null): the
 * creator's chapter earnings. An unlock row is written with its spend, so it counts what was paid.
 */
export async function sumChapterUnlockGems(
  db: Db,
  gameId: number,
  since: Date | null,
): Promise<number> {
  const where = and(
    eq(unlocks.kind, 'chapter'),
    eq(unlocks.gameId, gameId),
    since ? gte(unlocks.createdAt, since) : undefined,
  );
  const [row] = await db
    .select({ gems: sum(unlocks.price) })
    .from(unlocks)
    .where(where);
  return Number(row?.gems ?? 0);
}
