import type { CallQuery, GameListPage, gameListCall } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { encodeGameListCursor } from '@taleforge/contracts/game-list';
import type { Db } from '../../platform/db/client.js';
import { localize, toGameCard } from './game-card.js';
import { countGames, type ListFilter, listGamePage, listSearchableGames } from './list-queries.js';
import { foldForSearch, matchesSearch } from './search-text.js';
import { localizeTag } from './tag-labels.js';

type ListQuery = CallQuery<typeof gameListCall>;

/**
 * The ids of the games whose title or a tag, in the player's language, contains the search.
 * Matched here rather than in SQL so that case and width fold the same way on every database
 * and collation (docs/decisions/0033).
 */
async function searchIds(
  db: Db,
  filter: Omit<ListFilter, 'ids'>,
  search: string,
  locale: Locale,
): Promise<number[]> {
  const folded = foldForSearch(search);
  const games = await listSearchableGames(db, filter);
  return games
    .filter((game) =>
      matchesSearch(folded, [
        localize(game.title, locale),
        ...game.tags.map((tag) => localizeTag(tag, locale)),
      ]),
    )
    .map((game) => game.id);
}

export function createGameListService(db: Db) {
  return {
    async list(query: ListQuery, locale: Locale): Promise<GameListPage> {
      const chosen = { scriptType: query.script_type, kind: query.kind };
      const ids = query.q ? await searchIds(db, chosen, query.q, locale) : undefined;
      if (ids?.length === 0) return { list: [], next_cursor: null, total: 0 };
      const filter = { ...chosen, ids };
      // One more than a page tells whether another page follows without a second query.
      const [rows, total] = await Promise.all([
        listGamePage(db, {
          ...filter,
          sort: query.sort,
          cursor: query.cursor ?? null,
          limit: query.page_size + 1,
        }),
        countGames(db, filter),
      ]);
      const page = rows.slice(0, query.page_size);
      const last = page.at(-1);
      return {
        list: page.map((row) => toGameCard(row, locale)),
        next_cursor:
          rows.length > query.page_size && last
            ? encodeGameListCursor({ sort: query.sort, key: last.sortKey, id: last.game.id })
            : null,
        total,
      };
    },
  };
}

export type GameListService = ReturnType<typeof createGameListService>;
