import type { Locale } from '@taleforge/contracts/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.js';
import { clips, episodes } from '../../../platform/db/schema/index.js';
import { CONTENT_DIR } from '../../play/index.js';
import { attachClip, attachEpisodeVideo } from '../series-writes.js';
import type { DemoEncoding } from './episode-graph.js';
import { type Job, type JobLimits, jobsInOrder } from './jobs.js';
import { renderDemoVideo } from './render.js';
import { type DemoRowsOptions, type SeededSeries, seedDemoSeriesRows } from './seed-rows.js';
import { clipSpec, episodeSpec } from './videos.js';

/** What the seed needs of the video module: import a file with its subtitles, then wait for it. */
export interface DemoVideoImporter {
  importVideo(input: {
    path: string;
    subtitles: Partial<Record<Locale, string>>;
  }): Promise<{ videoId: number }>;
  waitUntilReady(videoId: number, timeoutMs?: number, signal?: AbortSignal): Promise<unknown>;
}

export interface DemoSeriesOptions extends DemoRowsOptions, JobLimits {
  video: DemoVideoImporter;
  /** The ffmpeg binary (the video module's locator finds it). */
  ffmpeg: string;
  /** DEMO_MEDIA_CACHE: rendered videos by the hash of their recipe, shared between servers. */
  cacheDir: string;
  /** DEMO_VIDEO_FPS and VIDEO_PRESET. */
  encoding: DemoEncoding;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Aborted when the server shuts down: the ffmpeg at work is stopped, nothing half-made is kept. */
  signal?: AbortSignal;
}

/** Whether the job's row already has its video (a restart finds the work done). */
async function done(db: Db, job: Job): Promise<boolean> {
  if (job.kind === 'clip') {
    const [clip] = await db
      .select({ id: clips.id })
      .from(clips)
      .where(and(eq(clips.gameId, job.gameId), eq(clips.position, job.number)));
    return Boolean(clip);
  }
  const [episode] = await db
    .select({ videoId: episodes.videoId })
    .from(episodes)
    .where(and(eq(episodes.gameId, job.gameId), eq(episodes.number, job.number)));
  return episode?.videoId != null;
}

/** Through the same writes as the media CLI: one way an episode or clip gets its video. */
async function attach(db: Db, job: Job, videoId: number) {
  if (job.kind === 'clip') {
    const title = job.script.clips[job.number - 1]!.title;
    await attachClip(db, { gameId: job.gameId, position: job.number, videoId, title });
  } else {
    await attachEpisodeVideo(db, { gameId: job.gameId, number: job.number, videoId });
  }
}

/**
 * Renders, imports and attaches every video still missing, one at a time: one ffmpeg of ours at
 * most beside the pipeline's, so the server stays responsive while it works.
 */
async function seedVideos(jobs: Job[], options: DemoSeriesOptions) {
  const contentDir = options.contentDir ?? CONTENT_DIR;
  for (const job of jobs) {
    if (options.signal?.aborted) return;
    if (await done(options.db, job)) continue;
    const spec =
      job.kind === 'clip' ? clipSpec(job.script, job.number) : episodeSpec(job.script, job.number);
    const started = Date.now();
    const made = await renderDemoVideo(spec, {
      ffmpeg: options.ffmpeg,
      cacheDir: options.cacheDir,
      contentDir,
      encoding: options.encoding,
      signal: options.signal,
    });
    const { videoId } = await options.video.importVideo({
      path: made.file,
      subtitles: made.subtitles,
    });
    await attach(options.db, job, videoId);
    options.logger.info(
      {
        series: job.script.slug,
        video: spec.name,
        videoId,
        cached: made.cached,
        ms: Date.now() - started,
      },
      'demo video imported',
    );
    // A video the pipeline gave up on stays attached with its reason; the others still go on.
    // A shutdown stops the wait before the database closes under it: that is no failure.
    await options.video
      .waitUntilReady(videoId, undefined, options.signal)
      .catch((error: unknown) => {
        if (options.signal?.aborted) return;
        options.logger.warn({ err: error, videoId }, 'demo video failed in the pipeline');
      });
  }
}

/**
 * Makes the videos still missing for series whose rows are seeded, each episode becoming playable
 * as its job finishes. Settles when all are done and never rejects: a failure is logged, and the
 * next start goes on from there.
 */
export function seedDemoSeriesVideos(
  seeded: SeededSeries[],
  options: DemoSeriesOptions,
): Promise<void> {
  return seedVideos(jobsInOrder(seeded, options), options).catch((error: unknown) => {
    if (options.signal?.aborted) return;
    options.logger.warn({ err: error }, 'demo series videos stopped; the next start goes on');
  });
}

/**
 * Seeds the demo series: their rows at once (seed-rows.ts), then their videos in the background.
 * Idempotent: a restart updates the rows and makes only the videos still missing.
 */
export async function seedDemoSeries(
  options: DemoSeriesOptions,
): Promise<{ gameIds: number[]; videos: Promise<void> }> {
  const seeded = await seedDemoSeriesRows(options);
  return { gameIds: seeded.map((s) => s.gameId), videos: seedDemoSeriesVideos(seeded, options) };
}
