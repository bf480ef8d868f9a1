import path from 'node:path';
import type { Locale } from '@taleforge/contracts/constants';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../../platform/db/client.js';
import { clips, episodes, series } from '../../../platform/db/schema/index.js';
import { ensureSystemUser } from '../../auth/index.js';
import type { MediaStore } from '../../media/index.js';
import { CONTENT_DIR, coverSvg, portraitSvg, saveSeriesWork } from '../../play/index.js';
import { episodePrice, loadSeriesScripts, type SeriesScript } from './definition.js';
import { renderDemoVideo } from './render.js';
import { clipSpec, episodeSpec } from './videos.js';

/** What the seed needs of the video module: import a file with its subtitles, then wait for it. */
export interface DemoVideoImporter {
  importVideo(input: {
    path: string;
    subtitles: Partial<Record<Locale, string>>;
  }): Promise<{ videoId: number }>;
  waitUntilReady(videoId: number): Promise<unknown>;
}

export interface DemoSeriesOptions {
  db: Db;
  video: DemoVideoImporter;
  media: MediaStore;
  /** Where the media store is served, e.g. /taleforge/media: the covers' addresses start here. */
  mediaBase: string;
  /** The ffmpeg binary (the video module's locator finds it). */
  ffmpeg: string;
  /** DEMO_MEDIA_CACHE: rendered videos by the hash of their recipe, shared between servers. */
  cacheDir: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now: Date;
  contentDir?: string;
}

/** The same studio account that publishes the demo story games. */
const STUDIO = { publicId: 'taleforge_studio', nickName: 'Taleforge Studio' };

async function coverUrl(script: SeriesScript, options: DemoSeriesOptions): Promise<string> {
  const { scene, who, expression } = script.cover;
  const svg = coverSvg(
    `${script.slug}-cover`,
    script.scenes[scene]!,
    portraitSvg(script.characters[who]!.face, expression),
  ).replace('<svg ', '<svg width="1200" height="750" ');
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
  return `${options.mediaBase}/${await options.media.put(bytes, 'webp')}`;
}

/** The rows a series needs before any video exists: its work, its series row, its episodes. */
async function seedRows(script: SeriesScript, creatorId: number, options: DemoSeriesOptions) {
  const { db } = options;
  const gameId = await saveSeriesWork(
    db,
    {
      slug: script.slug,
      title: script.title,
      description: script.description,
      scriptType: script.scriptType,
      tags: script.tags,
      languages: ['en_US', 'zh_CN', 'ja_JP'],
      cover: await coverUrl(script, options),
      creatorId,
      episodeCount: script.episodes.length,
    },
    options.now,
  );
  await db
    .insert(series)
    .values({ gameId, freeEpisodes: script.freeEpisodes })
    .onConflictDoUpdate({ target: series.gameId, set: { freeEpisodes: script.freeEpisodes } });
  for (const [i, episode] of script.episodes.entries()) {
    const values = { title: episode.title, price: episodePrice(script, i + 1) };
    await db
      .insert(episodes)
      .values({ gameId, number: i + 1, ...values })
      .onConflictDoUpdate({ target: [episodes.gameId, episodes.number], set: values });
  }
  return gameId;
}

type Job = { script: SeriesScript; gameId: number; kind: 'episode' | 'clip'; number: number };

/** Every series' first episode first, so something is playable soonest; clips after episode 1. */
function jobsInOrder(seeded: { script: SeriesScript; gameId: number }[]): Job[] {
  const jobs: Job[] = [];
  const most = Math.max(0, ...seeded.map((s) => s.script.episodes.length));
  for (let number = 1; number <= most; number++) {
    for (const { script, gameId } of seeded)
      if (number <= script.episodes.length) jobs.push({ script, gameId, kind: 'episode', number });
    if (number === 1)
      for (const { script, gameId } of seeded)
        for (const c of script.clips.keys())
          jobs.push({ script, gameId, kind: 'clip', number: c + 1 });
  }
  return jobs;
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

async function attach(db: Db, job: Job, videoId: number) {
  if (job.kind === 'clip') {
    const title = job.script.clips[job.number - 1]!.title;
    await db.insert(clips).values({ gameId: job.gameId, position: job.number, title, videoId });
    return;
  }
  await db
    .update(episodes)
    .set({ videoId })
    .where(
      and(
        eq(episodes.gameId, job.gameId),
        eq(episodes.number, job.number),
        isNull(episodes.videoId),
      ),
    );
}

/**
 * Renders, imports and attaches every video still missing, one at a time: one ffmpeg of ours at
 * most beside the pipeline's, so the server stays responsive while it works.
 */
async function seedVideos(jobs: Job[], options: DemoSeriesOptions) {
  const contentDir = options.contentDir ?? CONTENT_DIR;
  for (const job of jobs) {
    if (await done(options.db, job)) continue;
    const spec =
      job.kind === 'clip' ? clipSpec(job.script, job.number) : episodeSpec(job.script, job.number);
    const started = Date.now();
    const made = await renderDemoVideo(spec, {
      ffmpeg: options.ffmpeg,
      cacheDir: options.cacheDir,
      contentDir,
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
    await options.video.waitUntilReady(videoId);
  }
}

/**
 * Seeds the demo series (content/drama/*.json): their works, series rows and episodes at once,
 * then their videos in the background, each episode becoming playable as its job finishes.
 * Idempotent: a restart updates the rows and makes only the videos still missing. The returned
 * `videos` settles when all are done; it never rejects (a failure is logged, the rest go on later).
 */
export async function seedDemoSeries(
  options: DemoSeriesOptions,
): Promise<{ gameIds: number[]; videos: Promise<void> }> {
  const creatorId = await ensureSystemUser(options.db, STUDIO);
  const seeded: { script: SeriesScript; gameId: number }[] = [];
  const contentDir = options.contentDir ?? CONTENT_DIR;
  for (const script of await loadSeriesScripts(path.join(contentDir, 'drama'))) {
    seeded.push({ script, gameId: await seedRows(script, creatorId, options) });
  }
  const videos = seedVideos(jobsInOrder(seeded), options).catch((error: unknown) => {
    options.logger.warn({ err: error }, 'demo series videos stopped; the next start goes on');
  });
  return { gameIds: seeded.map((s) => s.gameId), videos };
}
