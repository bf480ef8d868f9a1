/** The analytics page, meant to be loaded lazily: `lazy(() => import('…/features/analytics'))`. */

export { type AnalyticsApi, analyticsApiFrom } from './analytics-api';
export { type AnalyticsPageProps, default } from './analytics-page';
