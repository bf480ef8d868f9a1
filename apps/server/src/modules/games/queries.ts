import { and, count, desc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { games, users } from '../../platform/db/schema/index.js';

const cardColumns = {
  game: games,
  creator: { publicId: users.publicId, nickName: users.nickName, avatar: users.avatar },
};

export type GameCardRow = {
  game: typeof games.$inferSelect;
  creator: { publicId: string; nickName: string | null; avatar: string | null };
};

export type GameOrder = 'popular' | 'newest';

export async function listPublishedGames(
  db: Db,
  options: {
    order: GameOrder;
    scriptType?: string | undefined;
    limit: number;
    offset: number;
    /** Games already shown elsewhere on the page. */
    excludeIds?: number[];
  },
): Promise<GameCardRow[]> {
  const where = and(
    isNotNull(games.publishedAt),
    options.scriptType ? eq(games.scriptType, options.scriptType) : undefined,
    options.excludeIds?.length ? notInArray(games.id, options.excludeIds) : undefined,
  );
  const order =
    options.order === 'popular'
      ? [desc(games.playCount), desc(games.id)]
      : [desc(games.publishedAt), desc(games.id)];
  return db
    .select(cardColumns)
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
}

export async function countPublishedGames(db: Db, scriptType?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(games)
    .where(
      and(isNotNull(games.publishedAt), scriptType ? eq(games.scriptType, scriptType) : undefined),
    );
  return row?.n ?? 0;
}

export async function listPublishedScriptTypes(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ scriptType: games.scriptType })
    .from(games)
    .where(isNotNull(games.publishedAt))
    .orderBy(games.scriptType);
  return rows.map((r) => r.scriptType);
}

export async function findGameCards(db: Db, ids: number[]): Promise<GameCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(cardColumns)
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .where(and(isNotNull(games.publishedAt), inArray(games.id, ids)));
}
