import { z } from 'zod';
import { defineCall, idSchema, queryIdSchema } from '../call.js';
import { LOCALES, SCRIPT_TYPES, SERIES_LIMITS } from '../constants.js';
import { creatorSchema } from './games.js';

/**
 * Short-drama series (docs/decisions/0038). A series is a work (a `games` row of kind `series`),
 * so likes, comments, share and the catalogue treat it like a story game; its episodes are
 * numbered videos, the first `free_episodes` free and the rest unlocked with gems through the
 * wallet's unlock call (`episode_id`). Reads are public; progress needs a token (a visitor's too).
 */

const localeSchema = z.enum(LOCALES);

/** A video the browser may fetch: an HLS master playlist behind an expiring signature. */
export const videoSourceSchema = z.object({
  /** The master playlist (three renditions); its segment addresses carry the same signature. */
  hls_url: z.string(),
  /** First frame shown before playback, a JPEG. */
  poster_url: z.string(),
  /** WebVTT thumbnail track for the seek bar (`#xywh=` regions of one sprite image). */
  thumbnails_url: z.string().nullable(),
  /** WebVTT subtitles per interface language the video has. */
  subtitles: z.array(z.object({ lang: localeSchema, url: z.string() })),
  duration_ms: z.number().int().min(0),
  /** When the signed addresses stop working (ISO time); fetch the episode again after it. */
  expires_at: z.string(),
});
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const episodeInfoSchema = z.object({
  id: z.number().int(),
  /** 1-based order in its series. */
  number: z.number().int().min(1),
  title: z.string(),
  duration_ms: z.number().int().min(0),
  /** 0 for a free episode. */
  price_gems: z.number().int().min(0),
  /** Free, or bought by the viewer. */
  unlocked: z.boolean(),
  /** The video is transcoded and playable; false while the pipeline still works on it. */
  ready: z.boolean(),
  /**
   * Why the video could not be made on this server, in its words (what is missing and how whoever
   * runs it puts that right); null while it is being made and once it is ready.
   */
  video_error: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** Where the viewer stopped, 0 when never watched. */
  position_ms: z.number().int().min(0),
  completed: z.boolean(),
});
export type EpisodeInfo = z.infer<typeof episodeInfoSchema>;

/** A short free preview of a series, shown on the home page and the series page. */
export const clipSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  title: z.string(),
  series_title: z.string(),
  video: videoSourceSchema,
});
export type Clip = z.infer<typeof clipSchema>;

export const seriesInfoSchema = z.object({
  game_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  script_type: z.enum(SCRIPT_TYPES),
  tags: z.array(z.string()),
  creator: creatorSchema,
  /** Episodes 1..free_episodes cost nothing. */
  free_episodes: z.number().int().min(0),
  episode_count: z.number().int().min(0),
  like_count: z.number().int().min(0),
  comment_count: z.number().int().min(0),
});
export type SeriesInfo = z.infer<typeof seriesInfoSchema>;

export const seriesCall = defineCall({
  method: 'GET',
  path: '/api/h5/drama/series',
  query: z.object({ game_id: queryIdSchema }),
  data: z.object({
    series: seriesInfoSchema,
    episodes: z.array(episodeInfoSchema),
    clips: z.array(clipSchema),
    /** The episode to continue: the last one the viewer watched and did not finish. */
    resume: z.object({ episode_id: z.number().int(), position_ms: z.number().int() }).nullable(),
  }),
});
export type SeriesPage = z.infer<typeof seriesCall.data>;

/**
 * What the player needs to play one episode. A locked episode is answered 6303 with nothing to
 * fetch; its playlist and segments refuse an address without a valid signature.
 */
export const episodePlayCall = defineCall({
  method: 'GET',
  path: '/api/h5/drama/episode/play',
  query: z.object({ episode_id: queryIdSchema }),
  data: z.object({
    episode: episodeInfoSchema,
    game_id: z.number().int(),
    video: videoSourceSchema,
    prev_episode_id: z.number().int().nullable(),
    next_episode_id: z.number().int().nullable(),
  }),
});
export type EpisodePlay = z.infer<typeof episodePlayCall.data>;

/**
 * The player's position, sent every SERIES_LIMITS.progressEveryMs while playing, on pause and on
 * close. Views and completions count once per viewer and episode.
 */
export const episodeProgressCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/drama/episode/progress',
  body: z.strictObject({
    episode_id: idSchema,
    position_ms: z.number().int().min(0).max(SERIES_LIMITS.maxDurationMs),
    completed: z.boolean().default(false),
  }),
  data: z.object({ position_ms: z.number().int(), completed: z.boolean() }),
});

export const continueWatchingItemSchema = z.object({
  game_id: z.number().int(),
  series_title: z.string(),
  cover: z.string(),
  episode_id: z.number().int(),
  episode_number: z.number().int(),
  episode_count: z.number().int(),
  position_ms: z.number().int(),
  duration_ms: z.number().int(),
  poster_url: z.string().nullable(),
  watched_at: z.string(),
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;

/** Series the viewer has started and not finished, newest first; empty without a token. */
export const continueWatchingCall = defineCall({
  method: 'GET',
  path: '/api/h5/drama/continue',
  data: z.object({ list: z.array(continueWatchingItemSchema) }),
});

/** Free previews for the home page, newest series first. */
export const clipListCall = defineCall({
  method: 'GET',
  path: '/api/h5/drama/clips',
  data: z.object({ list: z.array(clipSchema) }),
});

/** Views and completion per episode: only the series' creator and admins may read them. */
export const episodeStatsCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/drama/stats',
  query: z.object({ game_id: queryIdSchema }),
  data: z.object({
    game_id: z.number().int(),
    episodes: z.array(
      z.object({
        episode_id: z.number().int(),
        number: z.number().int(),
        /** Viewers who started it. */
        views: z.number().int().min(0),
        /** Viewers who watched it to the end. */
        completions: z.number().int().min(0),
        /** completions / views, 0 when nobody watched. */
        completion_rate: z.number().min(0).max(1),
      }),
    ),
  }),
});
