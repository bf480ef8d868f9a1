import type { Db, Tx } from '../../platform/db/client.js';
import type { ChapterRow } from './content-queries.js';

/**
 * The one place that decides whether a player may play a chapter. Free chapters are open; a priced
 * chapter stays locked until the wallet's unlock (POST /api/auth/h5/game/unlock) is wired in here:
 * `isUnlocked(db, userId, 'chapter', chapter.id)`.
 */
export async function canPlayChapter(
  _db: Db | Tx,
  _userId: number,
  chapter: Pick<ChapterRow, 'id' | 'priceGems'>,
): Promise<boolean> {
  return chapter.priceGems === 0;
}
