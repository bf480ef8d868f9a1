import fastifyCookie from '@fastify/cookie';
import { bindInviteCodeCall, logoutCall, userInfoCall } from '@taleforge/contracts';
import { LOCALE_CURRENCY } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { registerAnalyticsRoutes } from './modules/analytics/routes.js';
import { createAssistantModule } from './modules/assistant/index.js';
import { createAccountService } from './modules/auth/account-service.js';
import { createAuthLimits } from './modules/auth/auth-limits.js';
import { registerInviteRoutes } from './modules/auth/invite-routes.js';
import type { PasswordHashing } from './modules/auth/passwords.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { createSessionService } from './modules/auth/session-service.js';
import { createSocialLogin } from './modules/auth/social-login.js';
import { registerTestOnlyAuthRoutes } from './modules/auth/test-routes.js';
import { createChatModule, createWordlistModerator } from './modules/chat/index.js';
import { createCatalogueService } from './modules/games/catalogue-service.js';
import { createFeaturedService } from './modules/games/featured-service.js';
import { findGameCards, toGameCard } from './modules/games/index.js';
import { registerGameRoutes } from './modules/games/routes.js';
import { watchEventLoopDelay } from './modules/health/event-loop.js';
import { createReadinessCheck } from './modules/health/readiness.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import type { ModelProvider } from './modules/llm/index.js';
import {
  createMediaStore,
  type MediaStore,
  registerMediaRoutes,
  sweepMedia,
} from './modules/media/index.js';
import { CHECKOUT_STYLE, createPayments } from './modules/payments/index.js';
import { registerArtRoutes } from './modules/play/art-routes.js';
import { createGameInfoService } from './modules/play/game-info-service.js';
import { createPlayService } from './modules/play/play-service.js';
import { registerPlayRoutes } from './modules/play/routes.js';
import { createStoryReads } from './modules/play/story-place.js';
import { createStoryProcesses } from './modules/play/story-processes/story-processes.js';
import { chapterUnlockPrice } from './modules/play/unlocks.js';
import { createProfileService, registerProfileRoutes } from './modules/profiles/index.js';
import { type RiskKeys, registerRiskRoutes } from './modules/risk/index.js';
import { createSeriesModule, episodeUnlockPrice } from './modules/series/index.js';
import { createSharePages } from './modules/share/index.js';
import {
  createCommentLimits,
  createCommentService,
  createSocialModule,
  registerCommentRoutes,
} from './modules/social/index.js';
import { createSpeechModule } from './modules/speech/index.js';
import {
  createStudioAnalytics,
  createStudioService,
  registerStudioAnalyticsRoutes,
  registerStudioExportRoutes,
  registerStudioImportRoutes,
  registerStudioRoutes,
} from './modules/studio/index.js';
import {
  createVideoService,
  type FfmpegBinaries,
  type VideoService,
  videoOptionsFrom,
} from './modules/video/index.js';
import { createVideoServe } from './modules/video/serve/index.js';
import {
  createUnlockService,
  createWalletService,
  listTransactions,
  runLotExpiry,
  type UnlockResolver,
} from './modules/wallet/index.js';
import { registerWalletRoutes } from './modules/wallet/routes.js';
import type { Database } from './platform/db/client.js';
import { NODE_LOCK } from './platform/db/node-locks.js';
import { AppError } from './platform/http/app-error.js';
import { authGate, optionalAuth } from './platform/http/auth-gate.js';
import { readIndexHtml } from './platform/http/built-site.js';
import { registerStudioCors } from './platform/http/cors.js';
import { endConnectionsOnceIdle } from './platform/http/drain.js';
import { frameworkErrors, installErrorHandler } from './platform/http/error-handler.js';
import { installInputPolicy } from './platform/http/input-policy.js';
import { requestContext } from './platform/http/request-context.js';
import { ResponseCache } from './platform/http/response-cache.js';
import { responseContract } from './platform/http/response-writer.js';
import { inlineStylesOf, registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerSpa } from './platform/http/spa.js';
import { loggerOptions, RequestLogController } from './platform/logger.js';
import { MAILBOX_STYLE, registerMailboxPage } from './platform/mail/mailbox-page.js';
import { createOutboxMailer, createSmtpMailer } from './platform/mail/mailer.js';
import { createMetrics } from './platform/metrics/metrics.js';
import { registerMetricsEndpoint } from './platform/metrics/metrics-endpoint.js';
import { buildMetricsSite } from './platform/metrics/metrics-site.js';
import { registerRequestMetrics } from './platform/metrics/request-metrics.js';
import { startPeriodic } from './platform/periodic.js';
import { loadSecretFile } from './platform/secret-file.js';
import { openSharedState } from './platform/shared-state/index.js';

export interface AppDeps {
  config: Config;
  database: Database;
  riskKeys: RiskKeys;
  now?: () => Date;
  /** The password hashing threads; unset, the process's shared ones. */
  passwords?: PasswordHashing;
  /** Extra unlockable kinds (tests); the modules owning chapters and episodes register theirs here. */
  unlockables?: { kind: 'chapter' | 'episode'; resolve: UnlockResolver }[];
  /** Where media lives; unset, the store the configuration names (modules/media). */
  media?: MediaStore;
  /** The character engine (tests); unset, the one the configuration names. */
  chatProvider?: ModelProvider;
  /** The media pipeline; unset, one over this database and media store. Its workers run with the app. */
  videos?: VideoService;
  /**
   * The ffmpeg that pipeline runs; unset, looked for when it starts. Tests that build many apps
   * in one process look once: each look runs both programs.
   */
  ffmpeg?: FfmpegBinaries;
}

/** Calls an account with an unfinished social profile may still make. */
const INCOMPLETE_PROFILE_ALLOWED = [userInfoCall, bindInviteCodeCall, logoutCall];

/** Builds the whole server from its parts; main.ts and the tests both start here. */
export async function buildApp({
  config,
  database,
  riskKeys,
  now = () => new Date(),
  passwords,
  unlockables = [],
  media = createMediaStore(config),
  chatProvider,
  videos,
  ffmpeg,
}: AppDeps): Promise<FastifyInstance> {
  const prefix = `/${config.PRODUCT_SLUG}`;
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new RequestLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
  });
  installErrorHandler(app);
  endConnectionsOnceIdle(app, config.SHUTDOWN_GRACE_MS / 2);
  installInputPolicy(app);
  const indexHtml = await readIndexHtml(config.webDist);
  registerSecurityHeaders(app, {
    publicUrl: config.PUBLIC_URL,
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
    inlineStyles: [...inlineStylesOf(indexHtml ?? ''), CHECKOUT_STYLE, MAILBOX_STYLE],
  });
  registerStudioCors(app, { studioOrigin: config.studioOrigin, apiPrefix: prefix });
  // Rate limits, revocations and catalogue drops reach every node through it (REDIS_URL).
  const shared = await openSharedState({
    url: config.REDIS_URL,
    namespace: config.PRODUCT_SLUG,
    log: app.log,
  });
  app.addHook('onClose', () => shared.close());
  const { db } = database;
  // Measured only where someone may read it: a default install pays nothing per request.
  const metricsServed = Boolean(config.METRICS_TOKEN || config.METRICS_PORT);
  const metrics = createMetrics({
    poolUse: database.poolUse,
    queueDepths: () => video.queueDepths(),
    processMetrics: metricsServed,
  });
  const video =
    videos ??
    createVideoService({
      db,
      locks: database.locks,
      media,
      logger: app.log,
      ffmpeg,
      options: videoOptionsFrom(config),
      onJobFailed: metrics.jobFailed,
    });
  if (metricsServed) registerRequestMetrics(app, metrics);
  registerMetricsEndpoint(app, {
    metrics,
    token: config.METRICS_TOKEN,
    served: Boolean(config.METRICS_TOKEN),
  });
  const eventLoop = watchEventLoopDelay();
  app.addHook('onClose', () => eventLoop.stop());
  const ready = createReadinessCheck({
    database,
    redisPing: shared.kind === 'redis' ? shared.ping : undefined,
    eventLoop,
  });
  const sessions = createSessionService({
    db,
    ttlDays: config.SESSION_TTL_DAYS,
    now,
    cacheMs: config.SESSION_CACHE_MS,
    broadcast: shared,
  });
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(db, app.log);
  if (mailer.kind === 'outbox' && config.NODE_ENV === 'production') {
    app.log.warn('SMTP_URL is not set: mail is only kept in the outbox, and no player receives it');
  }
  const accounts = createAccountService({ db, sessions, mailer, log: app.log, now, passwords });
  const social = createSocialLogin({ db, config, accounts, now });
  const cache = new ResponseCache(config.CATALOGUE_CACHE_MS, () => now().getTime());
  const wallet = createWalletService({ now, onCommitted: metrics.ledger });
  const unlocks = createUnlockService(wallet);
  unlocks.registerUnlockable('chapter', chapterUnlockPrice);
  unlocks.registerUnlockable('episode', episodeUnlockPrice);
  for (const u of unlockables) unlocks.registerUnlockable(u.kind, u.resolve);
  const payments = await createPayments({ db, config, wallet, log: app.log, now });
  const play = createPlayService({
    db,
    now,
    contentTtlMs: config.CATALOGUE_CACHE_MS,
    log: app.log,
  });
  const chat = createChatModule({
    db,
    config,
    wallet,
    play,
    now,
    log: app.log,
    artBase: `${prefix}/art`,
    limiters: shared,
    streams: metrics.chatStreams,
    ...(chatProvider ? { provider: chatProvider } : {}),
  });
  const videoServe = createVideoServe({
    store: media,
    secret: config.MEDIA_URL_SECRET ?? (await loadSecretFile(config.dataDir, 'media-url-secret')),
    base: `${prefix}/media/v`,
    now,
  });
  const series = createSeriesModule({
    db,
    now,
    links: videoServe.links,
    cache,
    limiters: shared,
    optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
  });
  // Transcription and spoken replies; the assistant's state tells the panel `speech.engines`.
  const speech = createSpeechModule({ db, config, log: app.log, limiters: shared });
  const profiles = createProfileService({
    db,
    media,
    mediaBase: `${prefix}/media`,
    moderator: createWordlistModerator(),
    now,
    log: app.log,
  });

  // A publish, unpublish or take-down shows at once on this node and, through the broadcast, on
  // the others; when Redis is down, there within CATALOGUE_CACHE_MS.
  const dropCatalogue = (gameId: number) => {
    cache.clear();
    play.forgetGame(gameId);
  };
  shared.subscribe('catalogue-changed', ({ gameId }) => {
    if (typeof gameId === 'number') dropCatalogue(gameId);
  });
  const announceCatalogueChange = (gameId: number) => {
    dropCatalogue(gameId);
    shared.publish('catalogue-changed', { gameId });
  };
  const storyProcesses = createStoryProcesses();
  app.addHook('onClose', () => storyProcesses.close());
  const studio = createStudioService({
    db,
    now,
    media,
    log: app.log,
    mediaBase: `${prefix}/media`,
    artBase: `${prefix}/art`,
    onPublished: announceCatalogueChange,
    stories: storyProcesses,
  });

  // An operator's pin shows at once like a publish; the rule's own changes within the cache's life.
  const featured = createFeaturedService({ db, now, onChanged: announceCatalogueChange });
  const catalogue = createCatalogueService(db, featured);
  const gameInfo = createGameInfoService({
    db,
    artBase: `${prefix}/art`,
    mediaBase: `${prefix}/media`,
  });
  const storyReads = createStoryReads(db);
  // The assistant reads what the pages read; it is handed no way to spend, unlock or save.
  const assistant = createAssistantModule({
    db,
    config,
    now,
    voice: speech.engines,
    limiters: shared,
    readers: {
      listWorks: catalogue.list,
      workCards: async (ids, locale) =>
        (await findGameCards(db, ids)).map((row) => toGameCard(row, locale)),
      userGames: gameInfo.userGames,
      balance: (userId) => wallet.balance(db, userId),
      transactions: (userId, page, pageSize) =>
        listTransactions(db, userId, page, pageSize, payments.orders.paidFor),
      latestUnpaidOrder: payments.orders.latestUnpaid,
      // A series lists episodes as its page does; a story its chapters. Neither starts anything.
      workParts: async (userId, locale, workId) =>
        (await storyReads.chapterParts(userId, locale, workId)) ??
        (await series.reads
          .page(userId, locale, workId)
          .then(({ episodes }) =>
            episodes.map((e) => ({
              number: e.number,
              title: e.title,
              price_gems: e.price_gems,
              unlocked: e.unlocked,
              completed: e.completed,
            })),
          )
          .catch((error: unknown) => {
            if (error instanceof AppError && error.status === STATUS.SERIES_NOT_FOUND) return null;
            throw error;
          })),
      storyPlace: storyReads.storyPlace,
      prices: (locale) => payments.prices.list(LOCALE_CURRENCY[locale]),
    },
  });

  await app.register(requestContext, {
    prefix,
    dfIdExempt: ['/health', '/api/v1/risk/key', '/api/v1/risk/device', '/api/v1/payment/webhook'],
  });
  await app.register(responseContract, { check: config.NODE_ENV !== 'production' });
  await app.register(authGate, {
    verifyToken: sessions.verifyToken,
    incompleteAllowed: INCOMPLETE_PROFILE_ALLOWED,
  });

  await app.register(
    async (api) => {
      registerHealthRoutes(api, { database, ready });
      registerRiskRoutes(api, {
        db,
        keys: riskKeys,
        now,
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
        isVisitorAccount: accounts.isVisitorAccount,
      });
      registerAnalyticsRoutes(api, {
        db,
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
      });
      // Only sign-in reads cookies (the OAuth browser binding): parse them there, not on every call.
      await api.register(async (auth) => {
        await auth.register(fastifyCookie);
        registerAuthRoutes(auth, {
          accounts,
          social,
          sessions,
          limits: createAuthLimits(shared, config.AUTH_RATE_LIMIT_SCALE),
          cookie: { path: `${prefix}/api/v1`, secure: config.PUBLIC_URL.startsWith('https:') },
        });
      });
      registerInviteRoutes(api, db);
      registerGameRoutes(api, { catalogue, featured, cache });
      registerWalletRoutes(api, { db, wallet, unlocks, paidFor: payments.orders.paidFor });
      await payments.registerApi(api);
      registerPlayRoutes(api, {
        play,
        info: gameInfo,
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
      });
      registerArtRoutes(api, db);
      registerMediaRoutes(api, {
        store: media,
        publicUrl: config.MEDIA_PUBLIC_URL,
      });
      videoServe.registerRoutes(api);
      series.registerRoutes(api);
      chat.registerRoutes(api);
      assistant.registerRoutes(api);
      speech.registerRoutes(api);
      registerProfileRoutes(api, {
        profiles,
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
      });
      registerStudioRoutes(api, studio);
      registerStudioImportRoutes(api, studio);
      registerStudioExportRoutes(api, studio);
      registerStudioAnalyticsRoutes(api, createStudioAnalytics({ db, now }));
      const socialModule = createSocialModule({
        db,
        now,
        log: app.log,
        rateLimitScale: config.SOCIAL_RATE_LIMIT_SCALE,
        limiters: shared,
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
      });
      socialModule.registerRoutes(api);
      registerCommentRoutes(api, {
        comments: createCommentService({
          db,
          moderator: createWordlistModerator(),
          now,
          log: app.log,
          cache: socialModule.readCache,
        }),
        limits: createCommentLimits(shared, config.SOCIAL_RATE_LIMIT_SCALE),
        optionalAuth: (request) => optionalAuth(request, sessions.verifyToken),
      });
    },
    { prefix },
  );
  await payments.registerPages(app);

  // Expired gem lots leave through expiry entries; unpaid orders past their deadline time out;
  // uploaded videos are transcoded. A machine where no ffmpeg runs still serves everything else.
  let stopJobs: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    // Not awaited: finding ffmpeg and opening the queue must not delay the first answer.
    const videoStarted = video.start().catch((error: unknown) => {
      app.log.error({ err: error }, 'the video pipeline is off: videos are not transcoded');
    });
    stopJobs = [
      () => videoStarted.then(() => video.stop()),
      // With several nodes on one database, the node holding a job's lock runs it; the others
      // skip that turn instead of sweeping the same rows again.
      startPeriodic(
        'lot-expiry',
        config.WALLET_JOB_INTERVAL_MS,
        () => database.locks.ifFree(NODE_LOCK.lotExpiry, () => runLotExpiry(db, wallet)),
        app.log,
        metrics.jobFailed,
      ),
      startPeriodic(
        'order-timeout',
        config.WALLET_JOB_INTERVAL_MS,
        () => database.locks.ifFree(NODE_LOCK.orderTimeout, () => payments.orders.timeOutOverdue()),
        app.log,
        metrics.jobFailed,
      ),
      // A node killed mid-reply leaves it `streaming`: another ends it and refunds its charge.
      startPeriodic(
        'abandoned-replies',
        config.WALLET_JOB_INTERVAL_MS,
        () => database.locks.ifFree(NODE_LOCK.abandonedReplies, () => chat.failAbandonedReplies()),
        app.log,
        metrics.jobFailed,
      ),
      // Replaced avatars and covers no row names any more leave the store (decision 35).
      ...(config.MEDIA_SWEEP_HOURS > 0
        ? [
            startPeriodic(
              'media-sweep',
              config.MEDIA_SWEEP_HOURS * 3_600_000,
              () =>
                database.locks.ifFree(NODE_LOCK.mediaSweep, () =>
                  sweepMedia({ db, media, now, log: app.log }),
                ),
              app.log,
              metrics.jobFailed,
              // Not a whole interval: a node restarted daily (a deploy) would never reach its turn.
              Math.min(config.MEDIA_SWEEP_HOURS * 3_600_000, 3_600_000),
            ),
          ]
        : []),
    ];
  });
  app.addHook('onClose', async () => {
    await Promise.all(stopJobs.map((stop) => stop()));
  });

  if (config.METRICS_PORT) {
    const site = await buildMetricsSite({
      metrics,
      token: config.METRICS_TOKEN,
      logger: loggerOptions(config),
      health: (scope) => registerHealthRoutes(scope, { database, ready }),
    });
    // Listening as the app gets ready, so a port already taken stops the start like PORT would.
    app.addHook('onReady', async () => {
      await site.listen({ host: config.METRICS_HOST, port: config.METRICS_PORT });
    });
    app.addHook('onClose', () => site.close());
  }

  if (config.NODE_ENV !== 'production' && mailer.kind === 'outbox') registerMailboxPage(app, db);
  if (config.NODE_ENV === 'test') registerTestOnlyAuthRoutes(app, db);

  await registerSpa(app, {
    root: config.webDist,
    template: indexHtml,
    apiPrefix: prefix,
    config: {
      basePath: prefix,
      testHost: config.TEST_HOST,
      googleClientId: config.GOOGLE_CLIENT_ID ?? null,
      discordClientId: config.DISCORD_CLIENT_ID ?? null,
      environment: config.NODE_ENV,
      publicUrl: new URL(config.PUBLIC_URL).origin,
      studioOrigin: config.studioOrigin,
      studioUrl: config.STUDIO_PUBLIC_URL ?? config.studioOrigin,
    },
    pages: createSharePages({ db, publicUrl: config.PUBLIC_URL, readProfile: profiles.read }),
    pageCacheMs: config.CATALOGUE_CACHE_MS,
    now: () => now().getTime(),
  });
  return app;
}
