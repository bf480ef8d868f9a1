import type { CallData, STUDIO_ANALYTICS_RANGE, studioAnalyticsCall } from '@taleforge/contracts';

export type AnalyticsRange = (typeof STUDIO_ANALYTICS_RANGE)[number];
/** The contract's periods, restated so the page's chunk carries no contract code. */
export const ANALYTICS_RANGES = [
  '7d',
  '30d',
  '90d',
  'all',
] as const satisfies readonly AnalyticsRange[];
export type AnalyticsQuery = { id: number; range: AnalyticsRange };
export type StudioAnalytics = CallData<typeof studioAnalyticsCall>;
export type ChapterAnalytics = StudioAnalytics['chapters'][number];

/**
 * What the page needs of the studio's API client: the figures, and the CSV as a file. Kept this
 * small so the page does not depend on the shell; `analyticsApiFrom` (analytics-client.ts)
 * adapts the shell's client.
 */
export type AnalyticsApi = {
  fetchAnalytics: (query: AnalyticsQuery, signal?: AbortSignal) => Promise<StudioAnalytics>;
  downloadCsv: (query: AnalyticsQuery) => Promise<{ blob: Blob; name: string | null }>;
};
