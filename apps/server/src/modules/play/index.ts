/** What other modules may use of play: the service, a game's published content, chapter access. */

export { previewCover } from './art-routes.js';
export {
  type ChapterRow,
  findPublishedGame,
  listChapters,
  loadGameContent,
  type NpcRow,
} from './content-queries.js';
export { moveCommentCount, moveLikeCount, setSeriesEpisodeCount } from './counters.js';
export type { PlayService } from './play-service.js';
export { moveVisitorSaves } from './save-queries.js';
export { newNpcStatus } from './state.js';
export { canPlayChapter } from './unlocks.js';
