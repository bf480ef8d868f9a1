import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findPublishedGame } from '../play/index.js';
import type { SocialReadCache, WorkCounts } from './social-read-cache.js';

/** A published work's counts and creator, through the read cache; GAME_NOT_FOUND for any other id. */
export async function workCounts(
  db: Db,
  cache: SocialReadCache,
  gameId: number,
): Promise<WorkCounts> {
  const work = await cache.counts(gameId, async () => {
    const game = await findPublishedGame(db, gameId);
    return game
      ? {
          gameId: game.id,
          creatorId: game.creatorId,
          likeCount: game.likeCount,
          commentCount: game.commentCount,
        }
      : null;
  });
  if (!work) throw new AppError(STATUS.GAME_NOT_FOUND);
  return work;
}
