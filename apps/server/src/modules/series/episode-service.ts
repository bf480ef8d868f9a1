import type {
  CallBody,
  CallData,
  EpisodePlay,
  episodeProgressCall,
  episodeStatsCall,
} from '@taleforge/contracts';
import { type Locale, SERIES_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import { canWatch } from './episode-access.js';
import { type EpisodeInSeries, findEpisode, findSeries, listEpisodes } from './episode-queries.js';
import { toEpisodeInfo } from './episode-view.js';
import { listEpisodeCounts } from './stats-queries.js';
import { isReady, type SeriesVideoLinks } from './video-links.js';
import { listSeriesWatches, saveWatch } from './watch-queries.js';

type ProgressBody = CallBody<typeof episodeProgressCall>;

/** Playing an episode, saving where its viewer is, and its creator's counts. */
export function createEpisodeService(deps: { db: Db; links: SeriesVideoLinks; now: () => Date }) {
  const { db, links, now } = deps;

  /** The episode, when the viewer may watch it: 6302 unknown, 6303 not bought. */
  async function watchable(viewerId: number | null, episodeId: number): Promise<EpisodeInSeries> {
    const episode = await findEpisode(db, episodeId);
    if (!episode) throw new AppError(STATUS.EPISODE_NOT_FOUND);
    if (!(await canWatch(db, viewerId, episode))) throw new AppError(STATUS.EPISODE_LOCKED);
    return episode;
  }

  /** Signed addresses of a watchable, ready episode (6304 while its video is being made). */
  async function play(
    viewerId: number | null,
    locale: Locale,
    episodeId: number,
  ): Promise<EpisodePlay> {
    const episode = await watchable(viewerId, episodeId);
    const video = isReady(episode.video) ? links.source(episode.video) : null;
    if (!video) throw new AppError(STATUS.EPISODE_NOT_READY);
    const [list, watches] = await Promise.all([
      listEpisodes(db, [episode.gameId]),
      viewerId === null ? [] : listSeriesWatches(db, viewerId, [episode.gameId]),
    ]);
    const index = list.findIndex((e) => e.id === episode.id);
    return {
      episode: toEpisodeInfo(episode, {
        locale,
        freeEpisodes: episode.freeEpisodes,
        unlocked: true,
        watch: watches.find((w) => w.episodeId === episode.id),
        links,
      }),
      game_id: episode.gameId,
      video,
      prev_episode_id: list[index - 1]?.id ?? null,
      next_episode_id: list[index + 1]?.id ?? null,
    };
  }

  /**
   * Where the viewer is. A position past the end is the end; within completeWithinMs of it (or
   * the player saying the video ended) the episode is finished, and stays so.
   */
  async function progress(userId: number, body: ProgressBody) {
    const episode = await watchable(userId, body.episode_id);
    if (!isReady(episode.video)) throw new AppError(STATUS.EPISODE_NOT_READY);
    const duration = episode.video.durationMs;
    const positionMs = Math.min(body.position_ms, duration);
    const completed = body.completed || positionMs >= duration - SERIES_LIMITS.completeWithinMs;
    const saved = await db.transaction((tx) =>
      saveWatch(tx, {
        userId,
        episodeId: episode.id,
        gameId: episode.gameId,
        positionMs,
        completed,
        now: now(),
      }),
    );
    return { position_ms: saved.positionMs, completed: saved.completed };
  }

  /** Views and completions per episode, for the series' creator and admins only (else 6305). */
  async function stats(
    auth: AuthContext,
    gameId: number,
  ): Promise<CallData<typeof episodeStatsCall>> {
    const found = await findSeries(db, gameId);
    if (!found) throw new AppError(STATUS.SERIES_NOT_FOUND);
    if (found.creatorId !== auth.userId && auth.role !== 'admin') {
      throw new AppError(STATUS.SERIES_STATS_FORBIDDEN);
    }
    const counts = await listEpisodeCounts(db, gameId);
    return {
      game_id: gameId,
      episodes: counts.map((e) => ({
        episode_id: e.id,
        number: e.number,
        views: e.viewCount,
        completions: e.completeCount,
        completion_rate: e.viewCount === 0 ? 0 : e.completeCount / e.viewCount,
      })),
    };
  }

  return { play, progress, stats };
}

export type EpisodeService = ReturnType<typeof createEpisodeService>;
