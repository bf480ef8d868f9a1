/** What other modules may use of play: the service, a game's published content, chapter access. */
export { moveCommentCount } from './comment-count.js';
export {
  type ChapterRow,
  findPublishedGame,
  listChapters,
  loadGameContent,
  type NpcRow,
} from './content-queries.js';
export { moveLikeCount } from './counters.js';
export type { PlayService } from './play-service.js';
export { moveVisitorSaves } from './save-queries.js';
export { newNpcStatus } from './state.js';
export { canPlayChapter } from './unlocks.js';
