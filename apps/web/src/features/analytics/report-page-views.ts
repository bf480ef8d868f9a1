import type { pageViewCall } from '@taleforge/contracts';
import { endpoint, request } from '../../shared/api';
import { onPageView } from '../../shared/lib/use-page-title';

const pageView = endpoint<typeof pageViewCall>({
  method: 'POST',
  path: '/api/v1/analytics/page-view',
});

/** SPEC §2: page titles are reported on each navigation. Fire and forget, never a toast. */
export function reportPageViews() {
  return onPageView(({ path, title }) => {
    request(pageView, { body: { path, title }, quiet: true }).catch(() => {});
  });
}
