import type { homeCall } from '@taleforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpoint, request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';

const home = endpoint<typeof homeCall>({ method: 'GET', path: '/api/h5/game/home' });

/** The For You sections; keyed by locale because titles and blurbs come back translated. */
export function useHome() {
  const locale = currentLocale();
  return useQuery({
    queryKey: ['home', locale],
    queryFn: ({ signal }) => request(home, { signal }),
  });
}
