import type { GameListCursor, GameListSort } from '@taleforge/contracts/game-list';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { gameSaves, games, type LocalizedText, users } from '../../platform/db/schema/index.js';
import type { GameCardRow } from './queries.js';

/**
 * The rating sort's prior (docs/decisions/0030): every game starts as if 10 players had tried it
 * and 5 had finished a chapter, so one player who finished does not put a game on top.
 */
export const RATING_PRIOR_PLAYERS = 10;
export const RATING_PRIOR_FINISHERS = 5;

/** Per game: players with a save, and those of them who finished at least one chapter. */
function finishesOf(db: Db) {
  return db
    .select({
      gameId: gameSaves.gameId,
      players: sql<number>`count(*)`.as('players'),
      finishers:
        sql<number>`count(*) filter (where cardinality(${gameSaves.completedChapters}) > 0)`.as(
          'finishers',
        ),
    })
    .from(gameSaves)
    .groupBy(gameSaves.gameId)
    .as('finishes');
}

type Finishes = ReturnType<typeof finishesOf>;

/**
 * Each order as one whole number per game, so a page's last key is exact in a cursor: newest is
 * the publication time in microseconds (the column's own precision), popular the players who
 * started, rating the smoothed share of them who finished a chapter, in ten-thousandths.
 */
function sortKeyOf(sort: GameListSort, finishes: Finishes): SQL<number> {
  if (sort === 'new')
    return sql<number>`(extract(epoch from ${games.publishedAt}) * 1000000)::bigint`;
  if (sort === 'popular') return sql<number>`${games.playCount}::bigint`;
  return sql<number>`((10000 * (coalesce(${finishes.finishers}, 0) + ${sql.raw(String(RATING_PRIOR_FINISHERS))}))::bigint / (coalesce(${finishes.players}, 0) + ${sql.raw(String(RATING_PRIOR_PLAYERS))}))`;
}

export type ListFilter = {
  scriptType: string | undefined;
  /** Only story games or only series; both when undefined. */
  kind: string | undefined;
  /** Games the search matched; undefined when there is no search. */
  ids: number[] | undefined;
};

function filterOf({ scriptType, kind, ids }: ListFilter): SQL | undefined {
  return and(
    isNotNull(games.publishedAt),
    scriptType ? eq(games.scriptType, scriptType) : undefined,
    kind ? eq(games.kind, kind) : undefined,
    ids ? inArray(games.id, ids) : undefined,
  );
}

/** One page in the given order, after the cursor's game when there is one. */
export async function listGamePage(
  db: Db,
  options: ListFilter & { sort: GameListSort; cursor: GameListCursor | null; limit: number },
): Promise<(GameCardRow & { sortKey: number })[]> {
  const finishes = finishesOf(db);
  const key = sortKeyOf(options.sort, finishes);
  const after = options.cursor
    ? sql`(${key}, ${games.id}) < (${options.cursor.key}::bigint, ${options.cursor.id}::bigint)`
    : undefined;
  const query = db
    .select({
      game: games,
      creator: { publicId: users.publicId, nickName: users.nickName, avatar: users.avatar },
      sortKey: key.mapWith(Number),
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId));
  const joined =
    options.sort === 'rating' ? query.leftJoin(finishes, eq(finishes.gameId, games.id)) : query;
  return joined
    .where(and(filterOf(options), after))
    .orderBy(desc(key), desc(games.id))
    .limit(options.limit);
}

export async function countGames(db: Db, filter: ListFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(games).where(filterOf(filter));
  return row?.n ?? 0;
}

export type SearchableGame = { id: number; title: LocalizedText; tags: string[] };

/** What a search is matched against, for every published game of the genre and kind. */
export async function listSearchableGames(
  db: Db,
  filter: Omit<ListFilter, 'ids'>,
): Promise<SearchableGame[]> {
  return db
    .select({ id: games.id, title: games.title, tags: games.tags })
    .from(games)
    .where(filterOf({ ...filter, ids: undefined }));
}
