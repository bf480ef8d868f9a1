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

async function publishedGame(db: Db | Tx, gameId: number) {
  const game = await findPublishedGame(db, gameId);
  if (!game) throw new AppError(STATUS.GAME_NOT_FOUND);
  return game;
}

/** Likes on works: the row and the work's count change together, or neither does. */
export function createLikeService(deps: { db: Db; now: () => Date; log: FastifyBaseLogger }) {
  const { db, now, log } = deps;
  return {
    async read(gameId: number, viewerId: number | null): Promise<WorkSocial> {
      const game = await publishedGame(db, gameId);
      return {
        game_id: game.id,
        like_count: game.likeCount,
        comment_count: game.commentCount,
        liked: viewerId === null ? false : await hasLiked(db, viewerId, game.id),
      };
    },

    /**
     * The state wanted, not a toggle. The insert does nothing when the like exists, so a hundred
     * simultaneous likes from one player add one row and move the count once; the first like
     * (ever) of a work tells its creator, a like after an unlike does not tell again.
     */
    async like(userId: number, gameId: number, wanted: boolean): Promise<WorkSocial> {
      const actor = await actorOf(db, userId);
      return failingAs(STATUS.LIKE_FAILED, log, () =>
        db.transaction(async (tx) => {
          const game = await publishedGame(tx, gameId);
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
      );
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
