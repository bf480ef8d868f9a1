/** Creator analytics: a work's plays, drop-off, choices and earnings, for its creator and admins. */
export {
  createStudioAnalytics,
  type StudioAnalyticsDeps,
  type StudioAnalyticsService,
} from './analytics-service.js';
export { registerStudioAnalyticsRoutes } from './routes.js';
