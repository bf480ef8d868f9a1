import { gameListCall, homeCall, homePageCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from '../../platform/http/response-cache.js';
import { defineCachedRoute, defineRoute } from '../../platform/http/route.js';
import type { CatalogueService } from './catalogue-service.js';

export function registerGameRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueService; cache: ResponseCache },
): void {
  const { catalogue, cache } = deps;

  defineCachedRoute(app, homeCall, cache, ({ request }) => catalogue.home(request.locale));

  defineCachedRoute(app, homePageCall, cache, ({ query, request }) =>
    catalogue.page(query.section, request.locale, query.page, query.page_size),
  );

  defineRoute(app, gameListCall, ({ query, request }) => catalogue.list(query, request.locale));
}
