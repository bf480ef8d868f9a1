import type { Clip, EpisodeInfo } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { localize } from '../games/index.js';
import type { ClipRow } from './clip-queries.js';
import { isFreeEpisode } from './episode-access.js';
import type { EpisodeRow } from './episode-queries.js';
import { isReady, type SeriesVideoLinks } from './video-links.js';
import type { WatchRow } from './watch-queries.js';

/** The only way an episode row leaves the server. */
export function toEpisodeInfo(
  episode: EpisodeRow,
  context: {
    locale: Locale;
    freeEpisodes: number;
    unlocked: boolean;
    watch: WatchRow | undefined;
    links: SeriesVideoLinks;
  },
): EpisodeInfo {
  const { video } = episode;
  return {
    id: episode.id,
    number: episode.number,
    title: localize(episode.title, context.locale),
    duration_ms: video?.durationMs ?? 0,
    price_gems: isFreeEpisode(episode, context.freeEpisodes) ? 0 : episode.price,
    unlocked: context.unlocked,
    ready: isReady(video),
    video_error: video?.state === 'failed' ? (video.error ?? 'the video could not be made') : null,
    poster_url: isReady(video) ? context.links.poster(video) : null,
    position_ms: context.watch?.positionMs ?? 0,
    completed: context.watch?.completed ?? false,
  };
}

/** A clip with its video's signed addresses; null when the video cannot be played. */
export function toClip(clip: ClipRow, locale: Locale, links: SeriesVideoLinks): Clip | null {
  const video = links.source(clip.video);
  if (!video) return null;
  return {
    id: clip.id,
    game_id: clip.gameId,
    title: localize(clip.title, locale),
    series_title: localize(clip.seriesTitle, locale),
    video,
  };
}

/**
 * Where a viewer goes on with a series: the episode they watched last, where they stopped; when
 * they finished it, the next one (from its own saved position, if they had started it before).
 * Null when they never watched or finished the last episode.
 */
export function continueAt(
  list: EpisodeRow[],
  watches: WatchRow[],
): { episode: EpisodeRow; positionMs: number; watchedAt: Date } | null {
  const order = new Map(list.map((e, i) => [e.id, i]));
  // The most recent watch; of two saved at the same instant, the later episode.
  const latest = watches
    .filter((w) => order.has(w.episodeId))
    .reduce<WatchRow | undefined>((a, w) => {
      if (!a) return w;
      const newer = w.updatedAt.getTime() - a.updatedAt.getTime();
      return newer > 0 || (newer === 0 && order.get(w.episodeId)! > order.get(a.episodeId)!)
        ? w
        : a;
    }, undefined);
  if (!latest) return null;
  const index = order.get(latest.episodeId)!;
  if (!latest.completed) {
    return { episode: list[index]!, positionMs: latest.positionMs, watchedAt: latest.updatedAt };
  }
  const next = list[index + 1];
  if (!next) return null;
  const started = watches.find((w) => w.episodeId === next.id && !w.completed);
  return { episode: next, positionMs: started?.positionMs ?? 0, watchedAt: latest.updatedAt };
}
