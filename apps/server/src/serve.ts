import { buildApp } from './app.js';
import { withBackupCommand } from './cli/backup-command.js';
import { withFeaturedCommands } from './cli/featured-commands.js';
import { inviteCommandHandler } from './cli/invite-commands.js';
import type { Config } from './config.js';
import { seedDemoOnStart } from './demo-seed.js';
import { createMediaStore } from './modules/media/index.js';
import { loadRiskKeys } from './modules/risk/index.js';
import { seedDemoSeriesVideos } from './modules/series/index.js';
import {
  createVideoService,
  ffmpegNotes,
  locateFfmpeg,
  VIDEO_PIPELINE,
  videoOptionsFrom,
} from './modules/video/index.js';
import { startAdminChannel } from './platform/admin-channel.js';
import type { Database } from './platform/db/client.js';
import { NODE_LOCK } from './platform/db/node-locks.js';
import { compilePendingWriters } from './platform/http/response-writer.js';
import { buildStudioSite } from './platform/http/studio-site.js';
import { loggerOptions } from './platform/logger.js';
import { startBanner } from './start-banner.js';

/** Milliseconds since `from`, to the tenth. */
const since = (from: number) => Math.round((performance.now() - from) * 10) / 10;

/** What main.ts did before serving: the database it opened, and when each was done. */
export interface StartedParts {
  database: Database;
  /** Milliseconds from the process's start until our modules were loaded. */
  modulesMs: number;
  /** Milliseconds from the process's start until the database was open and migrated. */
  databaseMs: number;
}

/** Seeds the demo and serves the product on `parts.database` until a signal stops it. */
export async function serve(config: Config, parts: StartedParts): Promise<void> {
  const { database } = parts;
  // Loading the modules and opening the database ran side by side, each timed from the process's
  // start; the phases after them follow one another.
  const phases: Record<string, number> = {
    modules: parts.modulesMs,
    database: Math.round((parts.databaseMs - database.migrationsMs) * 10) / 10,
    migrations: Math.round(database.migrationsMs * 10) / 10,
  };
  let mark = performance.now();
  const phase = (name: string) => {
    phases[name] = since(mark);
    mark = performance.now();
  };
  const riskKeys = await loadRiskKeys(config.dataDir, config.RISK_PRIVATE_KEY_PEM);
  const media = createMediaStore(config);
  const app = await buildApp({ config, database, riskKeys, media });
  phase('app');
  const demoRows = { db: database.db, media, mediaBase: `/${config.PRODUCT_SLUG}/media` };
  const seededSeries = config.DEMO_CONTENT
    ? // Before listening, so the first request sees every work, the series among them (their
      // videos follow in the background); after building, for its logger. Nodes starting together
      // seed one after another: the later ones find the work done.
      await database.locks.whileHolding(NODE_LOCK.demoSeed, () =>
        seedDemoOnStart({
          db: database.db,
          media,
          prefix: `/${config.PRODUCT_SLUG}`,
          log: app.log,
        }),
      )
    : [];
  phase('seed');
  // The embedded database is this process's alone: customer service's CLI reaches it through us.
  const adminChannel =
    database.driver === 'pglite'
      ? await startAdminChannel(
          config.dataDir,
          withBackupCommand(
            withFeaturedCommands(inviteCommandHandler(database.db), database.db),
            database,
            config.dataDir,
          ),
        )
      : null;

  const studio =
    config.studioOrigin && config.STUDIO_PORT
      ? await buildStudioSite({
          root: config.studioDist,
          origin: config.studioOrigin,
          logger: loggerOptions(config),
          config: {
            apiBase: `${new URL(config.PUBLIC_URL).origin}/${config.PRODUCT_SLUG}`,
            playerUrl: new URL(config.PUBLIC_URL).origin,
            environment: config.NODE_ENV,
          },
        })
      : null;
  if (config.STUDIO_PORT && !studio)
    app.log.warn('no studio build found; the studio is not served');

  const demoVideos = new AbortController();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    demoVideos.abort();
    await Promise.all([app.close(), studio?.close()]);
    await adminChannel?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  await studio?.listen({ host: config.HOST, port: config.STUDIO_PORT });
  phase('listen');
  app.log.info(
    {
      database: database.driver,
      dataDir: config.dataDir,
      adminPort: adminChannel?.port,
      site: config.PUBLIC_URL,
      studio: studio ? config.studioOrigin : null,
      startup: { ...phases, total: since(0) },
    },
    'Taleforge is ready',
  );
  void compilePendingWriters().catch((error: unknown) =>
    app.log.error({ err: error }, 'an answer writer did not compile'),
  );
  if (config.NODE_ENV === 'development') {
    process.stdout.write(
      `${startBanner(config, { studio: studio ? config.studioOrigin : null })}\n`,
    );
  }
  const found = locateFfmpeg().catch((error: unknown) => {
    app.log.warn({ err: error }, 'no ffmpeg: videos are not made');
    return null;
  });
  // What this ffmpeg cannot make, said once after the banner: what is missing, what still works,
  // how to fix it. Probed after ready, so the start does not wait for it.
  void found
    .then((ffmpeg) => ffmpegNotes(ffmpeg, config.DEMO_VIDEOS ? undefined : [VIDEO_PIPELINE]))
    .then((notes) => {
      for (const note of notes) {
        if (config.NODE_ENV === 'development') process.stdout.write(`  ${note}\n\n`);
        else app.log.warn({ note }, 'ffmpeg cannot make every video');
      }
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'ffmpeg could not be asked'));
  if (config.DEMO_VIDEOS && seededSeries.length > 0) {
    const ffmpeg = await found;
    // Only imports: the app's own video service (started with it) runs the transcodes. One node
    // renders the missing videos; a node starting meanwhile leaves them to it. Without a usable
    // ffmpeg the episodes are still visited: each records why it has no video, for the drama tab.
    const video = createVideoService({
      db: database.db,
      locks: database.locks,
      media,
      logger: app.log,
      ...(ffmpeg && { ffmpeg }),
      options: videoOptionsFrom(config),
    });
    await database.locks.ifFree(NODE_LOCK.demoVideos, () =>
      seedDemoSeriesVideos(seededSeries, {
        ...demoRows,
        now: new Date(),
        video,
        ffmpeg,
        cacheDir: config.demoMediaCache,
        encoding: { fps: config.DEMO_VIDEO_FPS, preset: config.VIDEO_PRESET },
        logger: app.log,
        signal: demoVideos.signal,
        ...(config.DEMO_VIDEO_EPISODES && { episodeLimit: config.DEMO_VIDEO_EPISODES }),
        ...(config.DEMO_VIDEO_SERIES && { seriesLimit: config.DEMO_VIDEO_SERIES }),
      }),
    );
  }
}
