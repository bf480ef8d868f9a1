import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { episodes } from '../../platform/db/schema/index.js';

/** A series' episodes with their view and completion counts, in order. */
export async function listEpisodeCounts(db: Db, gameId: number) {
  return db
    .select({
      id: episodes.id,
      number: episodes.number,
      viewCount: episodes.viewCount,
      completeCount: episodes.completeCount,
    })
    .from(episodes)
    .where(eq(episodes.gameId, gameId))
    .orderBy(asc(episodes.number));
}
