import { and, eq, gt } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.js';
import { chapters } from '../../platform/db/schema/index.js';
import { isUnlocked, type UnlockResolver } from '../wallet/index.js';
import type { ChapterRow } from './content-queries.js';

/**
 * The one place that decides whether a player may play a chapter: free chapters are open, a priced
 * one once the player bought it (POST /api/auth/h5/game/unlock, the wallet's purchase).
 */
export async function canPlayChapter(
  db: Db | Tx,
  userId: number,
  chapter: Pick<ChapterRow, 'id' | 'priceGems'>,
): Promise<boolean> {
  return chapter.priceGems === 0 || isUnlocked(db, userId, 'chapter', chapter.id);
}

/**
 * What unlocking a chapter costs, for the wallet's unlock registry
 * (`registerUnlockable('chapter', chapterUnlockPrice)`): no row when the chapter is not a priced
 * chapter of that game, so nothing can be bought that does not exist or is free. A query, so the
 * wallet reads the price inside the purchase's own statement.
 */
export const chapterUnlockPrice: UnlockResolver = {
  priceQuery: ({ gameId, targetId }) =>
    new QueryBuilder()
      .select({ price: chapters.priceGems })
      .from(chapters)
      .where(and(eq(chapters.id, targetId), eq(chapters.gameId, gameId), gt(chapters.priceGems, 0)))
      .getSQL(),
};
