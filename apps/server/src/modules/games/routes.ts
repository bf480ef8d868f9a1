import {
  adminFeaturedCall,
  adminFeaturedClearCall,
  adminFeaturedPinCall,
  gameListCall,
  homeCall,
  homePageCall,
} from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from '../../platform/http/response-cache.js';
import { defineCachedRoute, defineRoute } from '../../platform/http/route.js';
import type { CatalogueService } from './catalogue-service.js';
import type { FeaturedService } from './featured-service.js';

export function registerGameRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueService; featured: FeaturedService; cache: ResponseCache },
): void {
  const { catalogue, featured, cache } = deps;

  defineCachedRoute(app, homeCall, cache, ({ request }) => catalogue.home(request.locale));

  defineCachedRoute(app, homePageCall, cache, ({ query, request }) =>
    catalogue.page(query.section, request.locale, query.page, query.page_size),
  );

  defineRoute(app, gameListCall, ({ query, request }) => catalogue.list(query, request.locale));

  // The operator's pin on the home's featured tale (decision 49).
  defineRoute(app, adminFeaturedCall, ({ auth }) => featured.current(auth.userId));
  defineRoute(app, adminFeaturedPinCall, ({ body, auth }) =>
    featured.pin(auth.userId, body.game_id),
  );
  defineRoute(app, adminFeaturedClearCall, ({ auth }) => featured.clear(auth.userId));
}
