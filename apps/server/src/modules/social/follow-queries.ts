import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { follows, users } from '../../platform/db/schema/index.js';
import type { TimeKey } from './cursor.js';

/**
 * Serialises the changes between two players (follow either way, block either way) until the
 * transaction ends, so a follow racing a block cannot slip in after the block removed follows.
 * Per pair, not per player: following a popular creator does not queue behind everyone else.
 */
export async function lockPair(tx: Tx, a: number, b: number): Promise<void> {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  await tx.execute(
    sql`select pg_advisory_xact_lock((${lo}::bigint % 2147483647)::int, (${hi}::bigint % 2147483647)::int)`,
  );
}

/** Answers whether a row was added: only a new follow tells the followee. */
export async function insertFollow(
  tx: Tx,
  followerId: number,
  followeeId: number,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(follows)
    .values({ followerId, followeeId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: follows.followerId });
  return rows.length > 0;
}

export async function deleteFollow(tx: Tx, followerId: number, followeeId: number) {
  await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

export async function isFollowing(db: Db | Tx, followerId: number, followeeId: number) {
  const [row] = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row !== undefined;
}

export async function countFollowers(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId));
  return row?.n ?? 0;
}

export async function countFollowing(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId));
  return row?.n ?? 0;
}

/** Of `ids`, the ones `viewerId` follows. */
export async function followedAmong(db: Db, viewerId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, ids)));
  return new Set(rows.map((r) => r.id));
}

export interface FollowEntry {
  user: { id: number; publicId: string; nickName: string | null; avatar: string | null };
  at: Date;
}

/**
 * One page of a player's followers (who follows them) or following (whom they follow), newest
 * follow first, after `after` when given.
 */
export async function listFollowPage(
  db: Db,
  options: {
    userId: number;
    list: 'followers' | 'following';
    after: TimeKey | null;
    limit: number;
  },
): Promise<FollowEntry[]> {
  const { userId, list, after, limit } = options;
  const [self, other] =
    list === 'followers'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  return db
    .select({
      user: {
        id: users.id,
        publicId: users.publicId,
        nickName: users.nickName,
        avatar: users.avatar,
      },
      at: follows.createdAt,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(self, userId),
        after
          ? or(
              lt(follows.createdAt, after.at),
              and(eq(follows.createdAt, after.at), lt(other, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(limit);
}
