import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { gameLikes, games } from '../../platform/db/schema/index.js';

/** Answers whether a row was added; only then does the work's count move. */
export async function insertLike(tx: Tx, userId: number, gameId: number, at: Date) {
  const rows = await tx
    .insert(gameLikes)
    .values({ userId, gameId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: gameLikes.gameId });
  return rows.length > 0;
}

/** Answers whether a row was removed; only then does the work's count move. */
export async function deleteLike(tx: Tx, userId: number, gameId: number) {
  const rows = await tx
    .delete(gameLikes)
    .where(and(eq(gameLikes.userId, userId), eq(gameLikes.gameId, gameId)))
    .returning({ id: gameLikes.gameId });
  return rows.length > 0;
}

export async function hasLiked(db: Db | Tx, userId: number, gameId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: gameLikes.gameId })
    .from(gameLikes)
    .where(and(eq(gameLikes.userId, userId), eq(gameLikes.gameId, gameId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The ids of the published works a player liked within some script types, most recent like
 * first: the profile's "liked" list (cards are the catalogue's).
 */
export async function listLikedGameIds(
  db: Db,
  options: { userId: number; scriptTypes: readonly string[]; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const where = and(
    eq(gameLikes.userId, options.userId),
    isNotNull(games.publishedAt),
    inArray(games.scriptType, [...options.scriptTypes]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: games.id })
      .from(gameLikes)
      .innerJoin(games, eq(games.id, gameLikes.gameId))
      .where(where)
      .orderBy(desc(gameLikes.createdAt), desc(games.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: count() })
      .from(gameLikes)
      .innerJoin(games, eq(games.id, gameLikes.gameId))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}
