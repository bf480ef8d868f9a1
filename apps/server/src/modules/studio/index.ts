/** The creator studio: private drafts of works, their ink files, and publishing them to play. */
export { registerStudioRoutes } from './routes.js';
export {
  assertUniqueKeys,
  createStudioService,
  type ImportedContent,
  type StudioService,
  type WorkChapter,
} from './studio-service.js';
