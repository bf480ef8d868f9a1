import {
  clipListCall,
  continueWatchingCall,
  episodePlayCall,
  episodeProgressCall,
  episodeStatsCall,
  seriesCall,
} from '@taleforge/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/http/request-context.js';
import type { ResponseCache } from '../../platform/http/response-cache.js';
import { defineCachedRoute, defineRoute } from '../../platform/http/route.js';
import type { EpisodeService } from './episode-service.js';
import type { ProgressLimits } from './progress-limits.js';
import type { SeriesReads } from './series-service.js';

export interface SeriesRouteDeps {
  reads: SeriesReads;
  episodes: EpisodeService;
  limits: ProgressLimits;
  cache: ResponseCache;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

export function registerSeriesRoutes(app: FastifyInstance, deps: SeriesRouteDeps): void {
  const { reads, episodes, limits, cache, optionalAuth } = deps;
  const viewerOf = async (request: FastifyRequest) => (await optionalAuth(request))?.userId ?? null;

  defineRoute(app, seriesCall, async ({ query, request }) =>
    reads.page(await viewerOf(request), request.locale, query.game_id),
  );

  defineRoute(app, episodePlayCall, async ({ query, request }) =>
    episodes.play(await viewerOf(request), request.locale, query.episode_id),
  );

  defineRoute(app, episodeProgressCall, async ({ body, auth, request }) => {
    await limits.consume('progress', request.ip, String(auth.userId));
    return episodes.progress(auth.userId, body);
  });

  defineRoute(app, continueWatchingCall, async ({ request }) =>
    reads.continueWatching(await viewerOf(request), request.locale),
  );

  defineCachedRoute(app, clipListCall, cache, ({ request }) => reads.homeClips(request.locale));

  defineRoute(app, episodeStatsCall, ({ query, auth }) => episodes.stats(auth, query.game_id));
}
