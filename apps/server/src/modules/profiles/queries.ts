import type { ProfileList } from '@taleforge/contracts/constants';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { gameSaves, games, profiles } from '../../platform/db/schema/index.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileChanges = Partial<
  Pick<ProfileRow, 'bio' | 'hideWorks' | 'hidePlayed' | 'hideLiked' | 'avatarSmall' | 'avatarLarge'>
>;

export async function findProfileRow(db: Db, userId: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** One statement whether or not the player has a row yet. */
export async function upsertProfileRow(
  db: Db | Tx,
  userId: number,
  changes: ProfileChanges,
  now: Date,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}

/** Likes received: the sum over the player's published works. */
export async function sumWorkLikes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${games.likeCount}), 0)` })
    .from(games)
    .where(and(eq(games.creatorId, userId), isNotNull(games.publishedAt)));
  return Number(row?.n ?? 0);
}

export interface WorkPage {
  ids: number[];
  total: number;
}

/**
 * The ids of a player's works or played games, newest first, within the tab's script types.
 * Cards are made by the catalogue (`games` index) from these ids; the liked list is social's.
 */
export async function listWorkIds(
  db: Db,
  options: {
    userId: number;
    list: Exclude<ProfileList, 'liked'>;
    scriptTypes: readonly string[];
    limit: number;
    offset: number;
  },
): Promise<WorkPage> {
  const { userId, list, scriptTypes, limit, offset } = options;
  const published = and(isNotNull(games.publishedAt), inArray(games.scriptType, [...scriptTypes]));
  if (list === 'works') {
    const where = and(eq(games.creatorId, userId), published);
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: games.id })
        .from(games)
        .where(where)
        .orderBy(desc(games.publishedAt), desc(games.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(games).where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
  }
  const where = and(eq(gameSaves.userId, userId), published);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: games.id })
      .from(gameSaves)
      .innerJoin(games, eq(games.id, gameSaves.gameId))
      .where(where)
      .orderBy(desc(gameSaves.updatedAt), desc(games.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(gameSaves)
      .innerJoin(games, eq(games.id, gameSaves.gameId))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}
