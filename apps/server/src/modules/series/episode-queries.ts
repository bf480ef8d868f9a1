import { SERIES_LIMITS } from '@taleforge/contracts/constants';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  episodes,
  games,
  type LocalizedText,
  series,
  videos,
} from '../../platform/db/schema/index.js';

// The video columns an episode or clip needs, joined in the same statement (the `videos` table is
// the video module's; reading it here spares a round trip per episode on every series page).
export const videoColumns = {
  id: videos.id,
  state: videos.state,
  error: videos.error,
  durationMs: videos.durationMs,
  masterKey: videos.masterKey,
  posterKey: videos.posterKey,
  thumbnailsKey: videos.thumbnailsKey,
  subtitles: videos.subtitles,
};

export type EpisodeVideo = {
  id: number;
  state: string;
  /** Why it failed, when it did. */
  error: string | null;
  durationMs: number;
  masterKey: string | null;
  posterKey: string | null;
  thumbnailsKey: string | null;
  subtitles: Record<string, string>;
};

export type EpisodeRow = {
  id: number;
  gameId: number;
  number: number;
  title: LocalizedText;
  price: number;
  video: EpisodeVideo | null;
};

const episodeColumns = {
  id: episodes.id,
  gameId: episodes.gameId,
  number: episodes.number,
  title: episodes.title,
  price: episodes.price,
  video: videoColumns,
};

/** Free episodes of a series; a series without its own row has the default. */
export const freeEpisodesOf = sql<number>`coalesce(${series.freeEpisodes}, ${sql.raw(String(SERIES_LIMITS.defaultFreeEpisodes))})`;

/** Series' episodes in order, each with its video (null before one is attached). */
export async function listEpisodes(db: Db | Tx, gameIds: number[]): Promise<EpisodeRow[]> {
  if (gameIds.length === 0) return [];
  return db
    .select(episodeColumns)
    .from(episodes)
    .leftJoin(videos, eq(videos.id, episodes.videoId))
    .where(inArray(episodes.gameId, gameIds))
    .orderBy(asc(episodes.gameId), asc(episodes.number));
}

export type EpisodeInSeries = EpisodeRow & {
  freeEpisodes: number;
  creatorId: number;
};

/** One episode of a published series, with what deciding access to it needs. */
export async function findEpisode(db: Db | Tx, episodeId: number): Promise<EpisodeInSeries | null> {
  const [row] = await db
    .select({ ...episodeColumns, freeEpisodes: freeEpisodesOf, creatorId: games.creatorId })
    .from(episodes)
    .innerJoin(games, eq(games.id, episodes.gameId))
    .leftJoin(series, eq(series.gameId, episodes.gameId))
    .leftJoin(videos, eq(videos.id, episodes.videoId))
    .where(and(eq(episodes.id, episodeId), eq(games.kind, 'series'), isNotNull(games.publishedAt)));
  return row ?? null;
}

export type SeriesRow = { gameId: number; freeEpisodes: number; creatorId: number };

/** A published work of kind series, or null. */
export async function findSeries(db: Db | Tx, gameId: number): Promise<SeriesRow | null> {
  const [row] = await db
    .select({ gameId: games.id, freeEpisodes: freeEpisodesOf, creatorId: games.creatorId })
    .from(games)
    .leftJoin(series, eq(series.gameId, games.id))
    .where(and(eq(games.id, gameId), eq(games.kind, 'series'), isNotNull(games.publishedAt)));
  return row ?? null;
}
