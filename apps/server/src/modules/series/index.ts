/**
 * What other modules and the app may use of series (decision 38): the module, the episode price
 * rule for the wallet's unlocks, and how episodes and clips are attached to a series (the media
 * import, the demo seeding).
 */
export { seedDemoSeries, seedDemoSeriesVideos } from './demo/seed.js';
export {
  findSeededDemoSeries,
  type SeededSeries,
  seedDemoSeriesRows,
} from './demo/seed-rows.js';
export { episodeUnlockPrice, isFreeEpisode } from './episode-access.js';
export { findSeriesId } from './series-lookup.js';
export { createSeriesModule, type SeriesModuleDeps } from './series-module.js';
export { attachClip, attachEpisodeVideo, saveSeries } from './series-writes.js';
export type { SeriesVideoLinks } from './video-links.js';
export { moveVisitorWatches } from './visitor-watches.js';
