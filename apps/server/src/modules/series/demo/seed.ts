import type { Locale } from '@taleforge/contracts/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.js';
import { clips, episodes, videos } from '../../../platform/db/schema/index.js';
import { CONTENT_DIR } from '../../play/index.js';
import { DEMO_VIDEOS, ffmpegCannotMake, type NamedFfmpeg } from '../../video/index.js';
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
  /** A video that could not be made: a failed one with the reason, to attach in its place. */
  recordFailure(reason: string): Promise<{ videoId: number }>;
}

export interface DemoSeriesOptions extends DemoRowsOptions, JobLimits {
  video: DemoVideoImporter;
  /**
   * The ffmpeg (the video module's locator finds it): its binary, or what the locator answered,
   * which names it better in a reason; null when there is none, and every video then says so.
   */
  ffmpeg: string | NamedFfmpeg | null;
  /** DEMO_MEDIA_CACHE: rendered videos by the hash of their recipe, shared between servers. */
  cacheDir: string;
  /** DEMO_VIDEO_FPS and VIDEO_PRESET. */
  encoding: DemoEncoding;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Aborted when the server shuts down: the ffmpeg at work is stopped, nothing half-made is kept. */
  signal?: AbortSignal;
}

/**
 * The video the job's row has, if any: a restart finds the work done. One that failed is made
 * again (the reason may be gone, a newer ffmpeg given), and if not, says why again.
 */
async function attached(db: Db, job: Job): Promise<{ state: string; error: string | null } | null> {
  const columns = { state: videos.state, error: videos.error };
  const [row] =
    job.kind === 'clip'
      ? await db
          .select(columns)
          .from(clips)
          .innerJoin(videos, eq(videos.id, clips.videoId))
          .where(and(eq(clips.gameId, job.gameId), eq(clips.position, job.number)))
      : await db
          .select(columns)
          .from(episodes)
          .innerJoin(videos, eq(videos.id, episodes.videoId))
          .where(and(eq(episodes.gameId, job.gameId), eq(episodes.number, job.number)));
  return row ?? null;
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
 * Why no demo video can be made with this ffmpeg, in words for whoever runs the server; null
 * when they can. Asked once a start, before the first render.
 */
async function cannotRender(ffmpeg: DemoSeriesOptions['ffmpeg']): Promise<string | null> {
  const found = typeof ffmpeg === 'string' ? { ffmpeg } : ffmpeg;
  return ffmpegCannotMake(found, DEMO_VIDEOS).catch(
    (error: unknown) =>
      `this server's ffmpeg (${found?.ffmpeg}) did not answer: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}`,
  );
}

/** ffmpeg's last words, without the paths of our working files. */
const renderFailure = (error: unknown) =>
  `the demo renderer's ffmpeg failed (${(error instanceof Error ? error.message : String(error))
    .replace(/\/\S*\/\.work-[^/\s]*\//g, '')
    .slice(0, 300)}); the server's log has it all, and the next start tries again`;

/**
 * Renders, imports and attaches every video still missing, one at a time: one ffmpeg of ours at
 * most beside the pipeline's, so the server stays responsive while it works. A video that cannot
 * be made gets a failed one in its place, saying why, and the others still go on.
 */
async function seedVideos(jobs: Job[], options: DemoSeriesOptions) {
  const contentDir = options.contentDir ?? CONTENT_DIR;
  let cannot: string | null | undefined;
  for (const job of jobs) {
    if (options.signal?.aborted) return;
    const before = await attached(options.db, job);
    if (before && before.state !== 'failed') continue;
    const spec =
      job.kind === 'clip' ? clipSpec(job.script, job.number) : episodeSpec(job.script, job.number);
    const fail = async (reason: string) => {
      if (before?.error === reason) return;
      const { videoId } = await options.video.recordFailure(reason);
      await attach(options.db, job, videoId);
    };
    if (cannot === undefined) {
      cannot = await cannotRender(options.ffmpeg);
      if (cannot) options.logger.warn({ reason: cannot }, "the demo series' videos cannot be made");
    }
    if (cannot) {
      await fail(cannot);
      continue;
    }
    const started = Date.now();
    let imported: { videoId: number; cached: boolean };
    try {
      const made = await renderDemoVideo(spec, {
        ffmpeg: typeof options.ffmpeg === 'string' ? options.ffmpeg : options.ffmpeg!.ffmpeg,
        cacheDir: options.cacheDir,
        contentDir,
        encoding: options.encoding,
        signal: options.signal,
      });
      const { videoId } = await options.video.importVideo({
        path: made.file,
        subtitles: made.subtitles,
      });
      imported = { videoId, cached: made.cached };
    } catch (error) {
      if (options.signal?.aborted) return;
      options.logger.warn(
        { err: error, series: job.script.slug, video: spec.name },
        'demo video could not be made',
      );
      await fail(renderFailure(error));
      continue;
    }
    const { videoId } = imported;
    await attach(options.db, job, videoId);
    options.logger.info(
      {
        series: job.script.slug,
        video: spec.name,
        videoId,
        cached: imported.cached,
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
