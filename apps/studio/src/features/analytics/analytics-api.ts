import {
  type CallData,
  STUDIO_ANALYTICS_CSV_PATH,
  type STUDIO_ANALYTICS_RANGE,
  studioAnalyticsCall,
} from '@taleforge/contracts';

export type AnalyticsRange = (typeof STUDIO_ANALYTICS_RANGE)[number];
export type AnalyticsQuery = { id: number; range: AnalyticsRange };
export type StudioAnalytics = CallData<typeof studioAnalyticsCall>;
export type ChapterAnalytics = StudioAnalytics['chapters'][number];

/**
 * What the page needs of the studio's API client: the figures, and the CSV as a file. Kept this
 * small so the page does not depend on the shell; `analyticsApiFrom` adapts the shell's client.
 */
export type AnalyticsApi = {
  fetchAnalytics: (query: AnalyticsQuery, signal?: AbortSignal) => Promise<StudioAnalytics>;
  downloadCsv: (query: AnalyticsQuery) => Promise<{ blob: Blob; name: string | null }>;
};

/** The shape of the studio client's two methods this page uses. */
type ClientLike = {
  request: (
    call: typeof studioAnalyticsCall,
    options: { query: AnalyticsQuery; signal?: AbortSignal },
  ) => Promise<StudioAnalytics>;
  download: (
    path: string,
    query: Record<string, unknown>,
  ) => Promise<{ blob: Blob; name: string | null }>;
};

export function analyticsApiFrom(client: ClientLike): AnalyticsApi {
  return {
    fetchAnalytics: (query, signal) => client.request(studioAnalyticsCall, { query, signal }),
    downloadCsv: (query) => client.download(STUDIO_ANALYTICS_CSV_PATH, query),
  };
}
