import type { Clip, ContinueWatchingItem, SeriesPage } from '@taleforge/contracts';
import type { Locale, ScriptType } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findGameCards, toGameCard } from '../games/index.js';
import { listClips } from './clip-queries.js';
import { watchableIds } from './episode-access.js';
import { findSeries, listEpisodes } from './episode-queries.js';
import { continueAt, toClip, toEpisodeInfo } from './episode-view.js';
import type { SeriesVideoLinks } from './video-links.js';
import { latestWatchPerSeries, listSeriesWatches } from './watch-queries.js';

/** Clips on the home page, and series in a viewer's "continue watching". */
const HOME_CLIPS = 12;
const CONTINUE_MAX = 20;

/** The public reads of series: a series page, the home's clips, the viewer's continue watching. */
export function createSeriesReads({ db, links }: { db: Db; links: SeriesVideoLinks }) {
  async function page(
    viewerId: number | null,
    locale: Locale,
    gameId: number,
  ): Promise<SeriesPage> {
    const found = await findSeries(db, gameId);
    const [card] = found ? await findGameCards(db, [gameId]) : [];
    if (!found || !card) throw new AppError(STATUS.SERIES_NOT_FOUND);
    const [list, watches, clips] = await Promise.all([
      listEpisodes(db, [gameId]),
      viewerId === null ? [] : listSeriesWatches(db, viewerId, [gameId]),
      listClips(db, { gameId, limit: 50 }),
    ]);
    const open = await watchableIds(db, viewerId, list, found.freeEpisodes);
    const watchOf = new Map(watches.map((w) => [w.episodeId, w]));
    const shown = toGameCard(card, locale);
    const resume = continueAt(list, watches);
    return {
      series: {
        game_id: gameId,
        title: shown.title,
        description: shown.description,
        cover: shown.cover,
        script_type: shown.script_type as ScriptType,
        tags: shown.tags,
        creator: shown.creator,
        free_episodes: found.freeEpisodes,
        episode_count: list.length,
        like_count: card.game.likeCount,
        comment_count: card.game.commentCount,
      },
      episodes: list.map((episode) =>
        toEpisodeInfo(episode, {
          locale,
          freeEpisodes: found.freeEpisodes,
          unlocked: open.has(episode.id),
          watch: watchOf.get(episode.id),
          links,
        }),
      ),
      clips: clips.flatMap((clip) => toClip(clip, locale, links) ?? []),
      resume: resume ? { episode_id: resume.episode.id, position_ms: resume.positionMs } : null,
    };
  }

  async function homeClips(locale: Locale): Promise<{ list: Clip[] }> {
    const rows = await listClips(db, { limit: HOME_CLIPS });
    return { list: rows.flatMap((clip) => toClip(clip, locale, links) ?? []) };
  }

  /** Series the viewer started and has not finished, the most recently watched first. */
  async function continueWatching(
    viewerId: number | null,
    locale: Locale,
  ): Promise<{ list: ContinueWatchingItem[] }> {
    if (viewerId === null) return { list: [] };
    const latest = await latestWatchPerSeries(db, viewerId, CONTINUE_MAX);
    const gameIds = latest.map((w) => w.gameId);
    const [cards, list, watches] = await Promise.all([
      findGameCards(db, gameIds),
      listEpisodes(db, gameIds),
      listSeriesWatches(db, viewerId, gameIds),
    ]);
    const cardOf = new Map(cards.map((c) => [c.game.id, c]));
    return {
      list: gameIds.flatMap((gameId) => {
        const card = cardOf.get(gameId);
        const episodes = list.filter((e) => e.gameId === gameId);
        const at = card
          ? continueAt(
              episodes,
              watches.filter((w) => w.gameId === gameId),
            )
          : null;
        if (!card || !at) return [];
        const shown = toGameCard(card, locale);
        const { video } = at.episode;
        return [
          {
            game_id: gameId,
            series_title: shown.title,
            cover: shown.cover,
            episode_id: at.episode.id,
            episode_number: at.episode.number,
            episode_count: episodes.length,
            position_ms: at.positionMs,
            duration_ms: video?.durationMs ?? 0,
            poster_url: video && video.state === 'ready' ? links.poster(video) : null,
            watched_at: at.watchedAt.toISOString(),
          },
        ];
      }),
    };
  }

  return { page, homeClips, continueWatching };
}

export type SeriesReads = ReturnType<typeof createSeriesReads>;
