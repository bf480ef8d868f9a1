import { STUDIO_ANALYTICS_CSV_PATH, studioAnalyticsCall } from '@taleforge/contracts';
import type { AnalyticsApi, AnalyticsQuery, StudioAnalytics } from './analytics-api';

/** The shape of the studio client's two methods this page uses. */
type ClientLike = {
  request: (
    call: typeof studioAnalyticsCall,
    options: { query: AnalyticsQuery; signal?: AbortSignal },
  ) => Promise<unknown>;
  download: (
    path: string,
    query: Record<string, unknown>,
  ) => Promise<{ blob: Blob; name: string | null }>;
};

/**
 * The page's API over the studio's client. A file of its own: the shell imports it with the
 * client (contracts and all), the lazy page chunk does not.
 */
export function analyticsApiFrom(client: ClientLike): AnalyticsApi {
  return {
    // The client answers a call with its data, which the server checked against the contract.
    fetchAnalytics: (query, signal) =>
      client.request(studioAnalyticsCall, { query, signal }) as Promise<StudioAnalytics>,
    downloadCsv: (query) => client.download(STUDIO_ANALYTICS_CSV_PATH, query),
  };
}
