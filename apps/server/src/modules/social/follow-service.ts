import type { CallData, followListCall, Relation } from '@taleforge/contracts';
import { type Locale, SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { deleteBlock, insertBlock, isBlocked } from './block-queries.js';
import { failingAs } from './failures.js';
import {
  countFollowers,
  deleteFollow,
  followedAmong,
  insertFollow,
  isFollowing,
  listFollowPage,
  lockPair,
} from './follow-queries.js';
import { notify } from './notification-queries.js';
import { decodePageCursor, encodePageCursor } from './page-cursor.js';
import { actorOf, creatorOf, playerOf } from './people.js';

type FollowList = 'followers' | 'following';
type FollowPage = CallData<typeof followListCall>;

const NO_RELATION: Relation = {
  is_following: false,
  follows_you: false,
  is_blocked: false,
  blocks_you: false,
};

/** Follows and blocks between players; every change is the state wanted, not a toggle. */
export function createFollowService(deps: { db: Db; now: () => Date; log: FastifyBaseLogger }) {
  const { db, now, log } = deps;
  async function relationBetween(viewerId: number, otherId: number): Promise<Relation> {
    if (viewerId === otherId) return NO_RELATION;
    const [isFollowingThem, followsYou, blocked, blocksYou] = await Promise.all([
      isFollowing(db, viewerId, otherId),
      isFollowing(db, otherId, viewerId),
      isBlocked(db, viewerId, otherId),
      isBlocked(db, otherId, viewerId),
    ]);
    return {
      is_following: isFollowingThem,
      follows_you: followsYou,
      is_blocked: blocked,
      blocks_you: blocksYou,
    };
  }

  return {
    async relation(publicId: string, viewerId: number | null): Promise<Relation> {
      const other = await playerOf(db, publicId);
      return viewerId === null ? NO_RELATION : relationBetween(viewerId, other.id);
    },

    /**
     * Following someone who blocked you is refused; following someone you blocked lifts your
     * block, as the wish to follow is the newer word.
     */
    async follow(userId: number, publicId: string, wanted: boolean) {
      const actor = await actorOf(db, userId);
      const target = await playerOf(db, publicId, STATUS.FOLLOW_FAILED);
      if (target.id === actor.id) throw new AppError(STATUS.FOLLOW_SELF);
      return failingAs(STATUS.FOLLOW_FAILED, log, () =>
        db.transaction(async (tx) => {
          await lockPair(tx, actor.id, target.id);
          if (wanted) {
            if (await isBlocked(tx, target.id, actor.id))
              throw new AppError(STATUS.BLOCKED_BY_USER);
            await deleteBlock(tx, actor.id, target.id);
            if (await insertFollow(tx, actor.id, target.id, now())) {
              await notify(tx, { userId: target.id, kind: 'follow', actorId: actor.id });
            }
          } else {
            await deleteFollow(tx, actor.id, target.id);
          }
          return { is_following: wanted, follower_count: await countFollowers(tx, target.id) };
        }),
      );
    },

    async block(userId: number, publicId: string, wanted: boolean): Promise<Relation> {
      const actor = await actorOf(db, userId);
      const target = await playerOf(db, publicId);
      if (target.id === actor.id) throw new AppError(STATUS.BLOCK_SELF);
      await db.transaction(async (tx) => {
        await lockPair(tx, actor.id, target.id);
        if (wanted) await insertBlock(tx, actor.id, target.id);
        else await deleteBlock(tx, actor.id, target.id);
      });
      return relationBetween(actor.id, target.id);
    },

    async list(
      query: { taleforge_id: string; list: FollowList; cursor?: string | undefined },
      viewerId: number | null,
      locale: Locale,
    ): Promise<FollowPage> {
      const owner = await playerOf(db, query.taleforge_id);
      const position = query.cursor
        ? decodePageCursor(query.list, owner.id, query.cursor, locale)
        : null;
      const after = position && { at: new Date(Number(position.key)), id: position.id };
      const limit = SOCIAL_LIMITS.pageSize;
      const rows = await listFollowPage(db, {
        userId: owner.id,
        list: query.list,
        after,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const followed =
        viewerId === null
          ? new Set<number>()
          : await followedAmong(
              db,
              viewerId,
              page.map((r) => r.user.id),
            );
      const last = page.at(-1);
      return {
        list: page.map((r) => ({ ...creatorOf(r.user), is_following: followed.has(r.user.id) })),
        next_cursor:
          rows.length > limit && last
            ? encodePageCursor(query.list, owner.id, {
                key: BigInt(last.at.getTime()),
                id: last.user.id,
              })
            : null,
      };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
