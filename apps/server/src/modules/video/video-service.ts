import os from 'node:os';
import path from 'node:path';
import { type Locale, SERIES_LIMITS } from '@taleforge/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/client.js';
import type { NodeLocks } from '../../platform/db/node-locks.js';
import { videos } from '../../platform/db/schema/index.js';
import type { MediaStore } from '../media/index.js';
import { type FfmpegBinaries, locateFfmpeg } from './ffmpeg-binaries.js';
import { type ImportInput, importVideo } from './import-video.js';
import { activeJobIds, bossDb, createBoss, openQueues } from './job-queue.js';
import { subtitleKey, toWebVtt } from './subtitles.js';
import {
  createTranscodeJob,
  GIVEN_UP_QUEUE,
  markGivenUp,
  TRANSCODE_QUEUE,
  type TranscodeJobData,
} from './transcode-job.js';

export type VideoRow = typeof videos.$inferSelect;

export interface VideoServiceOptions {
  /** Largest source accepted; SERIES_LIMITS.maxSourceBytes by default. */
  maxSourceBytes?: number;
  /** Where jobs unpack a source and write their outputs before storing them. */
  workDir?: string;
  /** x264 preset: `veryfast` by default. */
  preset?: string;
  /** Transcodes run at once on this node (each takes the machine's cores). */
  concurrency?: number;
  /** How long an attempt may run before PostgreSQL's maintenance retries it elsewhere. */
  expireInSeconds?: (sourceMs: number) => number;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  retryDelaySeconds?: number;
}

export interface VideoServiceDeps {
  db: Db;
  /** The database's node locks: one node at a time installs the job queue. */
  locks: NodeLocks;
  media: MediaStore;
  logger: FastifyBaseLogger;
  /** Found by locateFfmpeg at start when unset. */
  ffmpeg?: FfmpegBinaries;
  options?: VideoServiceOptions;
  /** Counts transcode runs that failed (the metrics); each is retried up to twice. */
  onJobFailed?: (job: string) => void;
}

export interface VideoService {
  /**
   * Probes the file by its content (never its name), checks its size, stores it at
   * `video/{id}/source`, adds the row (queued) and queues the transcode. Throws AppError
   * VIDEO_NOT_VIDEO, VIDEO_TOO_LARGE, VIDEO_CORRUPT or SUBTITLE_INVALID, leaving no row or file.
   */
  importVideo(input: ImportInput): Promise<{ videoId: number }>;
  /**
   * A video that could not be made at all, so it has no source (the demo series' renderer found
   * no ffmpeg, or one lacking a filter): a failed row with the reason in words for whoever runs
   * the server, so what would show the video says why instead of waiting for it.
   */
  recordFailure(reason: string): Promise<{ videoId: number }>;
  /** Checks a WebVTT or SRT track (SUBTITLE_INVALID names the bad line), keeps it as WebVTT. */
  setSubtitles(videoId: number, locale: Locale, text: string): Promise<void>;
  get(videoId: number): Promise<VideoRow | null>;
  /** Resolves once the video is ready; rejects with its error once it failed, or once `signal` aborts. */
  waitUntilReady(videoId: number, timeoutMs?: number, signal?: AbortSignal): Promise<VideoRow>;
  /** Starts this node's transcode workers (and takes up jobs a crash left behind). */
  start(): Promise<void>;
  /** Cuts running transcodes short (they are retried) and stops the workers. */
  stop(): Promise<void>;
  /**
   * Jobs waiting and running in each queue, every node's (the database's); null until this
   * process opened the queue, so a scrape never installs it.
   */
  queueDepths(): Promise<{ queue: string; waiting: number; active: number }[] | null>;
}

/**
 * Jobs running in this process, whichever service runs them: on the embedded database a second
 * service (a seeding step beside the app's) must not take a live job for a crash's orphan.
 */
const runningHere = new Set<string>();

/** Ten minutes plus four times the source's length: a 60 s episode gets 14 minutes. */
const defaultExpiry = (sourceMs: number) => Math.min(23 * 3600, 600 + Math.ceil(sourceMs / 250));

export function createVideoService(deps: VideoServiceDeps): VideoService {
  const { db, media, logger } = deps;
  const options = deps.options ?? {};
  const queueDb = bossDb(db);
  let binaries = deps.ffmpeg;
  let ready: Promise<PgBoss> | null = null;
  const running = new Set<AbortController>();

  /** The queue, installed and opened once: imports may come before the workers start. */
  function queue(): Promise<PgBoss> {
    ready ??= createBoss(queueDb, options).then((boss) => {
      boss.on('error', (error) => logger.error({ err: error }, 'video job queue error'));
      return openQueues(boss, deps.locks, options.retryDelaySeconds ?? 5);
    });
    return ready;
  }

  async function ffmpeg(): Promise<FfmpegBinaries> {
    binaries ??= await locateFfmpeg();
    return binaries;
  }

  async function get(videoId: number): Promise<VideoRow | null> {
    const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
    return row ?? null;
  }

  return {
    async importVideo(input) {
      return importVideo(
        {
          db,
          media,
          logger,
          binaries: await ffmpeg(),
          jobs: await queue(),
          maxSourceBytes: options.maxSourceBytes ?? SERIES_LIMITS.maxSourceBytes,
          expireInSeconds: options.expireInSeconds ?? defaultExpiry,
        },
        input,
      );
    },

    async recordFailure(reason) {
      const [row] = await db
        .insert(videos)
        .values({ state: 'failed', error: reason, sourceKey: '', sourceBytes: 0 })
        .returning({ videoId: videos.id });
      return row!;
    },

    async setSubtitles(videoId, locale, text) {
      const vtt = toWebVtt(text);
      if (!(await get(videoId))) throw new Error(`no video ${videoId}`);
      const key = subtitleKey(videoId, locale);
      await media.putAt(key, Buffer.from(vtt));
      await db
        .update(videos)
        .set({
          subtitles: sql`${videos.subtitles} || ${JSON.stringify({ [locale]: key })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(videos.id, videoId));
    },

    get,

    async waitUntilReady(videoId, timeoutMs = 120_000, signal) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        signal?.throwIfAborted();
        const row = await get(videoId);
        if (!row) throw new Error(`no video ${videoId}`);
        if (row.state === 'ready') return row;
        if (row.state === 'failed') throw new Error(`video ${videoId} failed: ${row.error}`);
        if (Date.now() > until) throw new Error(`video ${videoId} not ready after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },

    async start() {
      const found = await ffmpeg();
      logger.info(
        {
          ffmpeg: found.ffmpeg,
          ffprobe: found.ffprobe,
          source: found.source,
          version: found.version,
        },
        'video pipeline uses this ffmpeg',
      );
      const jobs = await queue();
      if (queueDb.single) {
        // This process holds the embedded database's lock, so no other runs these jobs.
        const orphans = (await activeJobIds(queueDb, TRANSCODE_QUEUE)).filter(
          (id) => !runningHere.has(id),
        );
        if (orphans.length) {
          await jobs.fail(TRANSCODE_QUEUE, orphans);
          logger.warn({ jobs: orphans.length }, 'video jobs interrupted by a restart are retried');
        }
      }
      const handle = createTranscodeJob({
        db,
        media,
        logger,
        binaries: found,
        workDir: options.workDir ?? path.join(os.tmpdir(), 'taleforge-video'),
        preset: options.preset ?? 'veryfast',
      });
      for (let i = 0; i < (options.concurrency ?? 1); i++) {
        await jobs.work<TranscodeJobData>(
          TRANSCODE_QUEUE,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async ([job]) => {
            if (!job) return;
            const abort = new AbortController();
            running.add(abort);
            runningHere.add(job.id);
            try {
              await handle(job, abort.signal);
            } catch (error) {
              // Cut short by a stop is not a failure of the job: it is retried as it was.
              if (!abort.signal.aborted) deps.onJobFailed?.('transcode');
              throw error;
            } finally {
              running.delete(abort);
              runningHere.delete(job.id);
            }
          },
        );
      }
      await jobs.work<TranscodeJobData>(
        GIVEN_UP_QUEUE,
        // Rare, and nothing waits on it: looked for a tenth as often as transcodes.
        { pollingIntervalSeconds: (options.pollingIntervalSeconds ?? 2) * 10 },
        async ([job]) => job && markGivenUp(db, job.data.videoId),
      );
    },

    async stop() {
      // A transcode is minutes of work: it is cut short and retried from the start next time.
      for (const abort of running) abort.abort(new Error('the server is stopping'));
      if (ready) await (await ready).stop({ graceful: true, wait: true, timeout: 10_000 });
      ready = null;
    },

    async queueDepths() {
      if (!ready) return null;
      const jobs = await ready;
      return Promise.all(
        [TRANSCODE_QUEUE, GIVEN_UP_QUEUE].map(async (queue) => {
          // pg-boss counts the jobs in states before the one named: created and retry, then active.
          const waiting = await jobs.getQueueSize(queue);
          const started = await jobs.getQueueSize(queue, { before: 'completed' });
          return { queue, waiting, active: started - waiting };
        }),
      );
    },
  };
}
