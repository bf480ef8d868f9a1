import type { gameListCall } from '@taleforge/contracts';
import type { GameListSort } from '@taleforge/contracts/game-list';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpoint, request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { ensurePlayer } from '../drama/play-api';
import type { BrowseParams } from './browse-params';

const gameList = endpoint<typeof gameListCall>({ method: 'GET', path: '/api/auth/h5/game/list' });

export const BROWSE_PAGE_SIZE = 20;

/**
 * The list is under /api/auth/, so it needs a session: a visitor gets one the way opening a game
 * gives it (the silent DF_ID sign-in), which never reloads the page.
 */
async function fetchGamePage(
  params: BrowseParams,
  cursor: string | undefined,
  signal: AbortSignal,
) {
  await ensurePlayer();
  const q = params.q.trim();
  return request(gameList, {
    query: {
      // The browse page counts and lists story games; the series have the Drama tab's shelves.
      kind: 'story',
      sort: params.sort as GameListSort,
      page_size: BROWSE_PAGE_SIZE,
      ...(params.type && { script_type: params.type }),
      ...(q && { q }),
      ...(cursor && { cursor }),
    },
    signal,
  });
}

export function useGameList(params: BrowseParams) {
  const q = params.q.trim();
  return useInfiniteQuery({
    // The language is part of the key: titles, tags and what a search matches depend on it.
    queryKey: ['game-list', currentLocale(), params.type, params.sort, q],
    queryFn: ({ pageParam, signal }) => fetchGamePage(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
