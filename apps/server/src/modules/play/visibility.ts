import { and, eq, isNotNull, isNull } from 'drizzle-orm';
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

/**
 * An administrator's take-down: hidden like an unpublished game, and it stays down — the
 * creator's next publish is refused (publishGame never reveals it). Already down: false.
 */
export async function takeDownGame(db: Db, gameId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(games)
    .set({ publishedAt: null, takenDownAt: now })
    .where(and(eq(games.id, gameId), isNull(games.takenDownAt)))
    .returning({ id: games.id });
  return rows.length > 0;
}

export async function isTakenDown(db: Db, gameId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, gameId), isNotNull(games.takenDownAt)));
  return row !== undefined;
}
