import type { STUDIO_ANALYTICS_CSV_PATH, studioAnalyticsCall } from '@taleforge/contracts';
import { api, endpoint, request } from '../../shared/api';
import AnalyticsPage, { type AnalyticsApi } from '../analytics';

const analyticsCall = endpoint<typeof studioAnalyticsCall>({
  method: 'GET',
  path: '/api/auth/studio/work/analytics',
});
const CSV_PATH: typeof STUDIO_ANALYTICS_CSV_PATH = '/api/auth/studio/work/analytics.csv';

/** The page's API over the studio's client, typed by the contract without carrying its code. */
const analyticsApi: AnalyticsApi = {
  fetchAnalytics: (query, signal) => request(analyticsCall, { query, signal }),
  downloadCsv: (query) => api.download(CSV_PATH, query),
};

export default function AnalyticsSlot({ workId }: { workId: number }) {
  return <AnalyticsPage workId={workId} api={analyticsApi} />;
}
