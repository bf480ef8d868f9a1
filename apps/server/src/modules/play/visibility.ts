import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { games } from '../../platform/db/schema/index.js';

/** Takes a game off the player site: gone from the catalogue, and no one starts it anew. */
export async function unpublishGame(db: Db, gameId: number): Promise<boolean> {
  const rows = await db
    .update(games)
    .set({ publishedAt: null })
    .where(and(eq(games.id, gameId), isNotNull(games.publishedAt)))
    .returning({ id: games.id });
  return rows.length > 0;
}
