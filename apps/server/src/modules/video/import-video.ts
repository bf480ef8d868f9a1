import { stat } from 'node:fs/promises';
import { type Locale, STATUS } from '@taleforge/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/client.js';
import { videos } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { MediaStore } from '../media/index.js';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';
import { probeVideo } from './probe.js';
import { subtitleKey, toWebVtt } from './subtitles.js';
import { TRANSCODE_QUEUE, type TranscodeJobData } from './transcode-job.js';

interface ImportContext {
  db: Db;
  media: MediaStore;
  logger: FastifyBaseLogger;
  binaries: FfmpegBinaries;
  jobs: PgBoss;
  maxSourceBytes: number;
  expireInSeconds: (sourceMs: number) => number;
}

export interface ImportInput {
  path: string;
  uploadedBy?: number | null;
  subtitles?: Partial<Record<Locale, string>>;
}

/**
 * Checks an upload (its size, then its content, then its subtitles) before anything is kept;
 * then stores the source under the video's id, adds the row and queues the transcode. Whatever
 * fails after the first file is stored takes the files and the row with it.
 */
export async function importVideo(
  ctx: ImportContext,
  input: ImportInput,
): Promise<{ videoId: number }> {
  const { db, media, logger, jobs, maxSourceBytes } = ctx;
  const info = await stat(input.path).catch(() => null);
  if (!info?.isFile()) throw new AppError(STATUS.VIDEO_NOT_VIDEO, 'no such file');
  if (info.size > maxSourceBytes) {
    throw new AppError(STATUS.VIDEO_TOO_LARGE, `${info.size} bytes > ${maxSourceBytes}`);
  }
  const probed = await probeVideo(ctx.binaries, input.path);
  // Every subtitle is checked before anything is kept, so a bad one leaves nothing behind.
  const tracks = Object.entries(input.subtitles ?? {}).map(
    ([locale, text]) => [locale as Locale, toWebVtt(text ?? '')] as const,
  );
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
      expireInSeconds: ctx.expireInSeconds(probed.durationMs),
    });
  } catch (error) {
    if (inserted) await db.delete(videos).where(eq(videos.id, videoId));
    await media.removePrefix(folder);
    throw error;
  }
  logger.info({ videoId, bytes: info.size, durationMs: probed.durationMs }, 'video queued');
  return { videoId };
}
