/**
 * The analytics page, to be loaded lazily (`lazy(() => import('…/features/analytics'))`); the
 * shell adapts its API client with `analyticsApiFrom` from analytics-client.ts.
 */

export type { AnalyticsApi } from './analytics-api';
export { type AnalyticsPageProps, default } from './analytics-page';
