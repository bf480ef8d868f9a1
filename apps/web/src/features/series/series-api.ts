import type { WorkKind } from '@taleforge/contracts/constants';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { ensurePlayer } from '../drama/play-api';
import { seriesEndpoints as calls } from './series-calls';

/** Titles, subtitles and the signed addresses depend on the language and on the viewer. */
export const seriesKeys = {
  all: ['drama'] as const,
  series: (gameId: number) => ['drama', 'series', gameId, currentLocale()] as const,
  episode: (episodeId: number) => ['drama', 'episode', episodeId, currentLocale()] as const,
  continuing: () => ['drama', 'continue', currentLocale()] as const,
  clips: () => ['drama', 'clips', currentLocale()] as const,
  shelf: (kind: WorkKind) => ['drama', 'shelf', kind, currentLocale()] as const,
};

/** How often a series page asks again while an episode's video is being made. */
export const PREPARING_POLL_MS = 5_000;

export function useSeries(gameId: number) {
  return useQuery({
    queryKey: seriesKeys.series(gameId),
    queryFn: ({ signal }) => request(calls.series, { query: { game_id: gameId }, signal }),
    enabled: gameId > 0,
    // A tile that says Preparing turns playable while the player looks at it, not on a reload;
    // one that could not be made will not change by asking.
    refetchInterval: (query) =>
      query.state.data?.episodes.some((e) => !e.ready && !e.video_error)
        ? PREPARING_POLL_MS
        : false,
  });
}

/** Locked episodes are refused (6303): the player shows the unlock in their place, not a toast. */
export const episodeQuery = (episodeId: number) => ({
  queryKey: seriesKeys.episode(episodeId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request(calls.episodePlay, { query: { episode_id: episodeId }, signal, quiet: true }),
  // The signed addresses last hours; a few minutes of reuse saves a round trip per swipe back.
  staleTime: 5 * 60_000,
  retry: false,
});

export function useEpisodePlay(episodeId: number | null) {
  return useQuery({ ...episodeQuery(episodeId ?? 0), enabled: episodeId !== null });
}

export const prefetchEpisode = (client: QueryClient, episodeId: number) =>
  client.fetchQuery(episodeQuery(episodeId));

/** In the background: a lost report only means the next visit resumes a few seconds earlier. */
export function sendProgress(body: {
  episode_id: number;
  position_ms: number;
  completed: boolean;
}) {
  return request(calls.episodeProgress, { body, quiet: true, keepalive: true });
}

export function useContinueWatching(enabled = true) {
  return useQuery({
    queryKey: seriesKeys.continuing(),
    queryFn: ({ signal }) => request(calls.continueWatching, { signal, quiet: true }),
    select: (data) => data.list,
    enabled,
  });
}

export function useClips(enabled = true) {
  return useQuery({
    queryKey: seriesKeys.clips(),
    queryFn: ({ signal }) => request(calls.clipList, { signal, quiet: true }),
    select: (data) => data.list,
    enabled,
  });
}

export const SHELF_SIZE = 20;

/** One kind of work for the Drama tab; the list needs a session, as the browse page's does. */
export function useWorkShelf(kind: WorkKind) {
  return useQuery({
    queryKey: seriesKeys.shelf(kind),
    queryFn: async ({ signal }) => {
      await ensurePlayer();
      return request(calls.gameList, {
        query: { kind, sort: 'popular', page_size: SHELF_SIZE },
        signal,
      });
    },
    select: (data) => data.list,
  });
}
