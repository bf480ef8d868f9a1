/**
 * What other modules may use of play: the service, a game's published content, chapter access,
 * and what saves tell creator analytics.
 */

export { type ChoiceTaken, readSavePlays, type SavePlay } from './analytics-reads.js';
export { previewCover } from './art-routes.js';
export {
  type ChapterRow,
  findPublishedGame,
  listChapters,
  loadGameContent,
  type NpcRow,
} from './content-queries.js';
export { moveCommentCount, moveLikeCount, setSeriesEpisodeCount } from './counters.js';
export { CONTENT_DIR, demoGameDirs, seedDemoContent } from './demo-content.js';
export type { GameDefinition } from './game-definition.js';
export type { GameInfoService } from './game-info-service.js';
export { artUrls } from './game-info-service.js';
export { type ChapterInspection, type InkProblem, StoryCompileError } from './ink-compiler.js';
export type { PlayService } from './play-service.js';
export { portraitSvg } from './portrait.js';
export { precompiledStory, wrapCompiledInk } from './precompiled-ink.js';
export { publishGame } from './publish.js';
export { moveVisitorSaves } from './save-queries.js';
export { sceneSvg } from './scene-art.js';
export { findSeriesWorkIds, type SeriesWork, saveSeriesWork } from './series-work.js';
export { newNpcStatus } from './state.js';
export { type ChapterPart, createStoryReads, type StoryPlace } from './story-place.js';
export type { PreviewResult } from './story-preview.js';
export { createStoryProcesses, type StoryProcesses } from './story-processes/story-processes.js';
export { canPlayChapter } from './unlocks.js';
export { isTakenDown, takeDownGame, unpublishGame } from './visibility.js';
