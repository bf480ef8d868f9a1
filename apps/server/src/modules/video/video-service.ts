import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Locale, SERIES_LIMITS, STATUS } from '@taleforge/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/client.js';
import { videos } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { MediaStore } from '../media/index.js';
import { type FfmpegBinaries, locateFfmpeg } from './ffmpeg-binaries.js';
import { activeJobIds, bossDb, createBoss } from './job-queue.js';
import { probeVideo } from './probe.js';
import { toWebVtt } from './subtitles.js';
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
  media: MediaStore;
  logger: FastifyBaseLogger;
  /** Found by locateFfmpeg at start when unset. */
  ffmpeg?: FfmpegBinaries;
  options?: VideoServiceOptions;
}

export interface VideoService {
  importVideo(input: {
    path: string;
    uploadedBy?: number | null;
    subtitles?: Partial<Record<Locale, string>>;
  }): Promise<{ videoId: number }>;
  setSubtitles(videoId: number, locale: Locale, text: string): Promise<void>;
  get(videoId: number): Promise<VideoRow | null>;
  waitUntilReady(videoId: number, timeoutMs?: number): Promise<VideoRow>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Ten minutes plus four times the source's length: a 60 s episode gets 14 minutes. */
const defaultExpiry = (sourceMs: number) => Math.min(23 * 3600, 600 + Math.ceil(sourceMs / 250));
const subtitleKey = (videoId: number, locale: Locale) => `video/${videoId}/subs/${locale}.vtt`;

export function createVideoService(deps: VideoServiceDeps): VideoService {
  const { db, media, logger } = deps;
  const options = deps.options ?? {};
  const maxSourceBytes = options.maxSourceBytes ?? SERIES_LIMITS.maxSourceBytes;
  const queueDb = bossDb(db);
  const boss = createBoss(queueDb, options);
  boss.on('error', (error) => logger.error({ err: error }, 'video job queue error'));
  let binaries = deps.ffmpeg;
  let ready: Promise<PgBoss> | null = null;
  const running = new Set<AbortController>();
  let workers: string[] = [];

  /** The queue, installed and opened once: imports may come before the workers start. */
  function queue(): Promise<PgBoss> {
    ready ??= (async () => {
      await boss.start();
      await boss.createQueue(GIVEN_UP_QUEUE, { name: GIVEN_UP_QUEUE });
      const settings = {
        name: TRANSCODE_QUEUE,
        retryLimit: 2,
        retryDelay: options.retryDelaySeconds ?? 5,
        deadLetter: GIVEN_UP_QUEUE,
      };
      await boss.createQueue(TRANSCODE_QUEUE, settings);
      await boss.updateQueue(TRANSCODE_QUEUE, settings);
      return boss;
    })();
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
      const info = await stat(input.path).catch(() => null);
      if (!info?.isFile()) throw new AppError(STATUS.VIDEO_NOT_VIDEO, 'no such file');
      if (info.size > maxSourceBytes) {
        throw new AppError(STATUS.VIDEO_TOO_LARGE, `${info.size} bytes > ${maxSourceBytes}`);
      }
      const probed = await probeVideo(await ffmpeg(), input.path);
      // Every subtitle is checked before anything is kept, so a bad one leaves nothing behind.
      const tracks = Object.entries(input.subtitles ?? {}).map(
        ([locale, text]) => [locale as Locale, toWebVtt(text ?? '')] as const,
      );
      const jobs = await queue();

      // The id is taken first: the source is stored under it before the row exists.
      const reserved = await db.execute(
        sql`select nextval(pg_get_serial_sequence('videos', 'id')) as id`,
      );
      const id = (reserved as unknown as { rows: { id: string | number }[] }).rows[0]?.id;
      const videoId = Number(id);
      const folder = `video/${videoId}/`;
      const sourceKey = `${folder}source`;
      let inserted = false;
      try {
        await media.putAt(sourceKey, { file: input.path });
        for (const [locale, vtt] of tracks) {
          await media.putAt(subtitleKey(videoId, locale), Buffer.from(vtt));
        }
        await db
          .insert(videos)
          .overridingSystemValue()
          .values({
            id: videoId,
            state: 'queued',
            sourceKey,
            sourceBytes: info.size,
            durationMs: probed.durationMs,
            width: probed.width,
            height: probed.height,
            uploadedBy: input.uploadedBy ?? null,
            subtitles: Object.fromEntries(tracks.map(([l]) => [l, subtitleKey(videoId, l)])),
          });
        inserted = true;
        const data: TranscodeJobData = { videoId };
        await jobs.send(TRANSCODE_QUEUE, data, {
          expireInSeconds: (options.expireInSeconds ?? defaultExpiry)(probed.durationMs),
        });
      } catch (error) {
        if (inserted) await db.delete(videos).where(eq(videos.id, videoId));
        await media.removePrefix(folder);
        throw error;
      }
      logger.info({ videoId, bytes: info.size, durationMs: probed.durationMs }, 'video queued');
      return { videoId };
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

    async waitUntilReady(videoId, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
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
        const orphans = await activeJobIds(queueDb, TRANSCODE_QUEUE);
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
        const worker = await jobs.work<TranscodeJobData>(
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
            try {
              await handle(job, abort.signal);
            } finally {
              running.delete(abort);
            }
          },
        );
        workers.push(worker);
      }
      workers.push(
        await jobs.work<TranscodeJobData>(
          GIVEN_UP_QUEUE,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => job && markGivenUp(db, job.data.videoId),
        ),
      );
    },

    async stop() {
      // A transcode is minutes of work: it is cut short and retried from the start next time.
      for (const abort of running) abort.abort(new Error('the server is stopping'));
      workers = [];
      if (ready) await (await ready).stop({ graceful: true, wait: true, timeout: 10_000 });
      ready = null;
    },
  };
}
