/** The media pipeline: what other modules (series, seeding, the media CLI) may use of it. */
export {
  DEMO_VIDEOS,
  describeFfmpeg,
  FFMPEG_FIX,
  type FfmpegCapabilities,
  type FfmpegUse,
  ffmpegCannotMake,
  ffmpegCapabilities,
  ffmpegNotes,
  lacking,
  type NamedFfmpeg,
  VIDEO_PIPELINE,
} from './capabilities.js';
export { type FfmpegBinaries, type FfmpegSource, locateFfmpeg } from './ffmpeg-binaries.js';
export { videoOptionsFrom } from './options-from-config.js';
export { type ProbedVideo, probeVideo } from './probe.js';
export { toWebVtt } from './subtitles.js';
export {
  createVideoService,
  type VideoRow,
  type VideoService,
  type VideoServiceDeps,
  type VideoServiceOptions,
} from './video-service.js';
