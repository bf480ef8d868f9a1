import type {
  clipListCall,
  continueWatchingCall,
  episodePlayCall,
  episodeProgressCall,
  gameListCall,
  seriesCall,
} from '@taleforge/contracts';
import { endpoint } from '../../shared/api';

/** The drama calls, typed by their contracts (packages/contracts/src/calls/series.ts). */
export const seriesEndpoints = {
  series: endpoint<typeof seriesCall>({ method: 'GET', path: '/api/h5/drama/series' }),
  episodePlay: endpoint<typeof episodePlayCall>({
    method: 'GET',
    path: '/api/h5/drama/episode/play',
  }),
  episodeProgress: endpoint<typeof episodeProgressCall>({
    method: 'POST',
    path: '/api/auth/h5/drama/episode/progress',
  }),
  continueWatching: endpoint<typeof continueWatchingCall>({
    method: 'GET',
    path: '/api/h5/drama/continue',
  }),
  clipList: endpoint<typeof clipListCall>({ method: 'GET', path: '/api/h5/drama/clips' }),
  gameList: endpoint<typeof gameListCall>({ method: 'GET', path: '/api/auth/h5/game/list' }),
};
