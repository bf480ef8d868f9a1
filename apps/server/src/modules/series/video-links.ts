import type { VideoSource } from '@taleforge/contracts';
import type { EpisodeVideo } from './episode-queries.js';

/**
 * Signed addresses of a video's files: the video module's serving part, handed in by the app. The
 * series module decides who may have them; a locked episode's are never made.
 */
export interface SeriesVideoLinks {
  /** Everything to play a ready video; null when it has no playlist. */
  source(video: EpisodeVideo): VideoSource | null;
  /** The poster alone, for lists: its address opens nothing else of the video. */
  poster(video: Pick<EpisodeVideo, 'id' | 'posterKey'>): string | null;
}

export const isReady = (video: EpisodeVideo | null): video is EpisodeVideo =>
  video?.state === 'ready' && video.masterKey !== null;
