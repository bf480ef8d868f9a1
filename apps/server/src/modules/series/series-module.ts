import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { AuthContext } from '../../platform/http/request-context.js';
import type { ResponseCache } from '../../platform/http/response-cache.js';
import type { Limiters } from '../../platform/shared-state/index.js';
import { createEpisodeService } from './episode-service.js';
import { createProgressLimits } from './progress-limits.js';
import { registerSeriesRoutes } from './routes.js';
import { createSeriesReads } from './series-service.js';
import type { SeriesVideoLinks } from './video-links.js';

export interface SeriesModuleDeps {
  db: Db;
  now: () => Date;
  /** Signs the addresses of what a viewer may play (the video module's serving part). */
  links: SeriesVideoLinks;
  cache: ResponseCache;
  /** Where rate-limit counters live: this process, or every node's together. */
  limiters: Limiters;
  optionalAuth: (request: FastifyRequest) => Promise<AuthContext | null>;
}

/** The series' services, wired once, and the routes over them. */
export function createSeriesModule(deps: SeriesModuleDeps) {
  const { db, now, links } = deps;
  const reads = createSeriesReads({ db, links });
  const episodes = createEpisodeService({ db, links, now });
  return {
    reads,
    episodes,
    registerRoutes(app: FastifyInstance) {
      registerSeriesRoutes(app, {
        reads,
        episodes,
        limits: createProgressLimits(deps.limiters),
        cache: deps.cache,
        optionalAuth: deps.optionalAuth,
      });
    },
  };
}
