import type { WorkSocial } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findPublishedGame, moveLikeCount } from '../play/index.js';
import { failingAs } from './failures.js';
import { deleteLike, hasLiked, insertLike } from './like-queries.js';
import { notify } from './notification-queries.js';
import { actorOf } from './people.js';
import { droppingAfter, type SocialReadCache, type WorkCounts } from './social-read-cache.js';
import { likerOf, type Viewer } from './viewer.js';
import { workCounts } from './work-counts.js';

async function publishedGame(db: Db | Tx, gameId: number) {
  const game = await findPublishedGame(db, gameId);
  if (!game) throw new AppError(STATUS.GAME_NOT_FOUND);
  return game;
}

/** A work's counts as one viewer reads them, before they are written. */
export interface WorkSocialView {
  work: WorkCounts;
  liked: boolean;
}

/** Likes on works: the row and the work's count change together, or neither does. */
export function createLikeService(deps: {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  cache: SocialReadCache;
}) {
  const { db, now, log, cache } = deps;
  return {
    /**
     * The counts (the read cache's own object, shared by every viewer in its lifetime) and a
     * member's own like, kept beside them; `work-social-answers.ts` writes the pair.
     */
    async read(gameId: number, viewer: Viewer | null): Promise<WorkSocialView> {
      const work = await workCounts(db, cache, gameId);
      const liker = likerOf(viewer);
      const liked =
        liker !== null &&
        (await cache.viewerLikes.work(liker, work.gameId, () => hasLiked(db, liker, work.gameId)));
      return { work, liked };
    },

    /**
     * The state wanted, not a toggle. The insert does nothing when the like exists, so a hundred
     * simultaneous likes from one player add one row and move the count once; the first like
     * (ever) of a work tells its creator, a like after an unlike does not tell again.
     */
    async like(userId: number, gameId: number, wanted: boolean): Promise<WorkSocial> {
      const actor = await actorOf(db, userId);
      return failingAs(STATUS.LIKE_FAILED, log, () =>
        droppingAfter(cache, (touch) =>
          db.transaction(async (tx) => {
            const game = await publishedGame(tx, gameId);
            touch(game.id);
            if (wanted) {
              if (await insertLike(tx, actor.id, game.id, now())) {
                await moveLikeCount(tx, game.id, 1);
                await notify(tx, {
                  userId: game.creatorId,
                  kind: 'like',
                  actorId: actor.id,
                  gameId: game.id,
                });
              }
            } else if (await deleteLike(tx, actor.id, game.id)) {
              await moveLikeCount(tx, game.id, -1);
            }
            const after = await publishedGame(tx, game.id);
            return {
              game_id: after.id,
              like_count: after.likeCount,
              comment_count: after.commentCount,
              liked: wanted,
            };
          }),
        ),
      );
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
