import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/client.js';
import { videos } from '../../platform/db/schema/index.js';
import type { MediaStore } from '../media/index.js';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';
import { probeVideo } from './probe.js';
import { FfmpegError } from './run-ffmpeg.js';
import { makePoster, makeThumbnails } from './stills.js';
import { masterPlaylist, transcodeToHls } from './transcode.js';

export const TRANSCODE_QUEUE = 'video-transcode';
/** Jobs pg-boss gave up on without their handler failing them: expired or orphaned every time. */
export const GIVEN_UP_QUEUE = 'video-transcode-given-up';
export interface TranscodeJobData {
  videoId: number;
}

interface JobDeps {
  db: Db;
  media: MediaStore;
  logger: FastifyBaseLogger;
  binaries: FfmpegBinaries;
  workDir: string;
  preset: string;
}

/**
 * A job whose every attempt was cut short (its process died, or it outran its expiry) reaches
 * the given-up queue without any attempt having marked the row: mark it here. A reason an
 * attempt already wrote is kept, and a video that did finish is left alone.
 */
export async function markGivenUp(db: Db, videoId: number): Promise<void> {
  await db
    .update(videos)
    .set({
      state: 'failed',
      error:
        'the transcode was interrupted on every attempt (the server stopped or it ran too long)',
      updatedAt: sql`now()`,
    })
    .where(and(eq(videos.id, videoId), sql`${videos.state} not in ('ready', 'failed')`));
}

/** Progress is written when it moved by this much, so a long transcode is not a write storm. */
const PROGRESS_STEP = 2;

/**
 * One attempt at one video. Every output has a fixed key under `video/{id}/`, written again by a
 * retry, and the row takes the result in one update at the end: an attempt killed part-way and
 * retried leaves one row and one set of files. A row already ready means an earlier attempt
 * finished after its job was given up on: there is nothing left to do.
 */
export function createTranscodeJob(deps: JobDeps) {
  const { db, media, logger, binaries } = deps;

  const setProgress = (videoId: number, progress: number) =>
    db
      .update(videos)
      .set({ progress, updatedAt: sql`now()` })
      .where(and(eq(videos.id, videoId), eq(videos.state, 'processing')));

  async function attempt(videoId: number, dir: string, signal: AbortSignal) {
    const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
    if (!row || row.state === 'ready') return;
    await db
      .update(videos)
      .set({ state: 'processing', progress: 0, updatedAt: sql`now()` })
      .where(eq(videos.id, videoId));

    await rm(dir, { recursive: true, force: true });
    await mkdir(path.join(dir, 'out'), { recursive: true });
    const input = path.join(dir, 'source');
    const source = await media.read(row.sourceKey);
    if (!source) throw new FfmpegError('the uploaded source is missing from the media store');
    await pipeline(source, createWriteStream(input), { signal });
    const probed = await probeVideo(binaries, input);

    let written = 0;
    const out = path.join(dir, 'out');
    const renditions = await transcodeToHls(binaries, input, probed, out, {
      preset: deps.preset,
      signal,
      onProgress: (fraction) => {
        const progress = Math.floor(fraction * 90);
        if (progress - written < PROGRESS_STEP) return;
        written = progress;
        setProgress(videoId, progress).catch((error) =>
          logger.warn({ err: error, videoId }, 'video progress not saved'),
        );
      },
    });
    const poster = await makePoster(binaries, input, probed, out, signal);
    const thumbs = await makeThumbnails(binaries, input, probed, out, signal);
    await writeFile(path.join(out, thumbs.track), thumbs.vtt);
    await setProgress(videoId, 95);

    // The master playlist goes last: a player that finds it finds everything it names.
    const folder = `video/${videoId}/`;
    const files = (await readdir(out, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)));
    for (const file of files) {
      signal.throwIfAborted();
      await media.putAt(`${folder}${file.split(path.sep).join('/')}`, {
        file: path.join(out, file),
      });
    }
    await media.putAt(
      `${folder}master.m3u8`,
      Buffer.from(masterPlaylist(renditions, probed.hasAudio)),
    );

    await db
      .update(videos)
      .set({
        state: 'ready',
        progress: 100,
        error: null,
        durationMs: probed.durationMs,
        width: probed.width,
        height: probed.height,
        renditions,
        masterKey: `${folder}master.m3u8`,
        posterKey: `${folder}${poster}`,
        thumbnailsKey: `${folder}${thumbs.track}`,
        updatedAt: sql`now()`,
      })
      .where(eq(videos.id, videoId));
  }

  return async (job: PgBoss.JobWithMetadata<TranscodeJobData>, signal: AbortSignal) => {
    const { videoId } = job.data;
    const dir = path.join(deps.workDir, String(videoId));
    const started = Date.now();
    try {
      await attempt(videoId, dir, signal);
      logger.info({ videoId, ms: Date.now() - started }, 'video transcoded');
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const last = job.retryCount >= job.retryLimit;
      logger.warn({ videoId, reason, attempt: job.retryCount + 1, last }, 'video transcode failed');
      await db
        .update(videos)
        .set({
          state: last ? 'failed' : 'queued',
          error: last ? reason : `attempt ${job.retryCount + 1} failed, retrying: ${reason}`,
          updatedAt: sql`now()`,
        })
        .where(eq(videos.id, videoId));
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
