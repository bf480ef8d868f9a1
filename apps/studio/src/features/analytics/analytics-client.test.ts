import { STUDIO_ANALYTICS_CSV_PATH, studioAnalyticsCall } from '@taleforge/contracts';
import { describe, expect, it, vi } from 'vitest';
import { analyticsApiFrom } from './analytics-client';

describe('analyticsApiFrom', () => {
  it('asks the studio client for the analytics call and for the CSV path, with the same query', async () => {
    const client = {
      request: vi.fn(async () => ({ daily: [] })),
      download: vi.fn(async () => ({ blob: new Blob(['a']), name: 'a.csv' })),
    };
    const api = analyticsApiFrom(client);
    const signal = new AbortController().signal;
    await api.fetchAnalytics({ id: 3, range: '7d' }, signal);
    expect(client.request).toHaveBeenCalledWith(studioAnalyticsCall, {
      query: { id: 3, range: '7d' },
      signal,
    });
    expect(await api.downloadCsv({ id: 3, range: 'all' })).toMatchObject({ name: 'a.csv' });
    expect(client.download).toHaveBeenCalledWith(STUDIO_ANALYTICS_CSV_PATH, {
      id: 3,
      range: 'all',
    });
  });
});
