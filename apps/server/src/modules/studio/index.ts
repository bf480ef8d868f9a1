/** The creator studio: private drafts of works, their ink files, and publishing them to play. */

export {
  createStudioAnalytics,
  registerStudioAnalyticsRoutes,
  type StudioAnalyticsService,
} from './analytics/index.js';
export { assertUniqueKeys, type ImportedContent, type WorkChapter } from './draft-rules.js';
export { registerStudioExportRoutes } from './export/export-routes.js';
export { registerStudioImportRoutes } from './import/import-routes.js';
export { registerStudioRoutes } from './routes.js';
export { createStudioService, type StudioDeps, type StudioService } from './service.js';
