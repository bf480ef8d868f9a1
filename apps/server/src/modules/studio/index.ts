/** The creator studio: private drafts of works, their ink files, and publishing them to play. */

export { assertUniqueKeys, type ImportedContent, type WorkChapter } from './draft-rules.js';
export { registerStudioRoutes } from './routes.js';
export { createStudioService, type StudioDeps, type StudioService } from './service.js';
