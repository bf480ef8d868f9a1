import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { registerAnalyticsRoutes } from './modules/analytics/routes.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { createSessionService } from './modules/auth/session-service.js';
import { createCatalogueService } from './modules/games/catalogue-service.js';
import { registerGameRoutes } from './modules/games/routes.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import type { RiskKeys } from './modules/risk/keys.js';
import { registerRiskRoutes } from './modules/risk/routes.js';
import type { Database } from './platform/db/client.js';
import { authHook, optionalAuth } from './platform/http/auth-hook.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { requestContext } from './platform/http/request-context.js';
import { ResponseCache } from './platform/http/response-cache.js';
import { registerSpa } from './platform/http/spa.js';
import { loggerOptions, RequestLogController } from './platform/logger.js';

export interface AppDeps {
  config: Config;
  database: Database;
  riskKeys: RiskKeys;
  now?: () => Date;
}

/** Builds the whole server from its parts; main.ts and the tests both start here. */
export async function buildApp({
  config,
  database,
  riskKeys,
  now = () => new Date(),
}: AppDeps): Promise<FastifyInstance> {
  const prefix = `/${config.PRODUCT_SLUG}`;
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new RequestLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  installErrorHandler(app);

  const { db } = database;
  const sessions = createSessionService({ db, ttlDays: config.SESSION_TTL_DAYS, now });
  const cache = new ResponseCache(config.CATALOGUE_CACHE_MS, () => now().getTime());

  await app.register(requestContext, {
    prefix,
    dfIdExempt: ['/health', '/api/v1/risk/key', '/api/v1/risk/device'],
  });
  await app.register(authHook, { prefix, verifyToken: sessions.verifyToken });

  await app.register(
    async (api) => {
      registerHealthRoutes(api, database);
      registerRiskRoutes(api, { db, keys: riskKeys, now });
      registerAnalyticsRoutes(api, {
        db,
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
      });
      registerAuthRoutes(api, sessions);
      registerGameRoutes(api, { catalogue: createCatalogueService(db), cache });
    },
    { prefix },
  );

  await registerSpa(app, {
    root: config.webDist,
    apiPrefix: prefix,
    config: {
      basePath: prefix,
      testHost: config.TEST_HOST,
      googleClientId: null,
      discordClientId: null,
      environment: config.NODE_ENV,
    },
  });
  return app;
}
