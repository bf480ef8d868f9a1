import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../src/config.js';
import { createMediaStore } from '../../src/modules/media/index.js';
import { attachClip, attachEpisodeVideo, saveSeries } from '../../src/modules/series/index.js';
import { createWalletService } from '../../src/modules/wallet/index.js';
import type { Db } from '../../src/platform/db/client.js';
import { videos } from '../../src/platform/db/schema/index.js';
import { tempDir } from './database.js';
import { buildGame } from './factories.js';
import { api } from './http.js';
import type { TestServer } from './server.js';

const run = promisify(execFile);

/** Seconds of the test video: two 2-second segments. */
export const FIXTURE_DURATION_MS = 4_000;

let fixture: Promise<string> | null = null;

/**
 * A real, tiny HLS video made once per process by ffmpeg: a 360p rendition of two segments, its
 * master playlist, a poster, a thumbnail sprite with its track, and English subtitles — the files
 * the video pipeline writes under `video/{id}/`.
 */
export function hlsFixture(): Promise<string> {
  fixture ??= (async () => {
    const dir = await tempDir('tf-hls-');
    await mkdir(path.join(dir, '360p'));
    await mkdir(path.join(dir, 'subs'));
    const source = ['-f', 'lavfi', '-i', 'testsrc=size=72x128:rate=10'];
    await run('ffmpeg', [
      ...['-v', 'error', ...source, '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-g', '10', '-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-f', 'hls', '-hls_time', '2'],
      ...['-hls_playlist_type', 'vod', '-start_number', '1'],
      ...['-hls_segment_filename', path.join(dir, '360p', 'seg_%05d.ts')],
      path.join(dir, '360p', 'index.m3u8'),
    ]);
    for (const name of ['poster.jpg', 'thumbs.jpg']) {
      await run('ffmpeg', ['-v', 'error', ...source, '-frames:v', '1', path.join(dir, name)]);
    }
    await writeFile(
      path.join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=72x128\n360p/index.m3u8\n',
    );
    await writeFile(
      path.join(dir, 'thumbs.vtt'),
      'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nthumbs.jpg#xywh=0,0,72,128\n',
    );
    await writeFile(
      path.join(dir, 'subs', 'en_US.vtt'),
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n',
    );
    return dir;
  })();
  return fixture;
}

/**
 * Copies a folder of files into the media store under `prefix/`, as the pipeline leaves them:
 * files under DATA_DIR/media, or objects in the bucket when MEDIA_S3_BUCKET is set.
 */
export async function storeFolder(config: Config, from: string, prefix: string): Promise<void> {
  const store = createMediaStore(config);
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    await store.putAt(`${prefix}/${path.relative(from, file).split(path.sep).join('/')}`, { file });
  }
}

/**
 * A `videos` row (the video module's table, written here as a test may) and, when ready, its files
 * copied into the server's local media store.
 */
export async function buildVideo(
  server: TestServer,
  state: 'ready' | 'processing' = 'ready',
): Promise<number> {
  const db = server.database.db;
  const [row] = await db
    .insert(videos)
    .values({ state, sourceKey: 'source', sourceBytes: 1 })
    .returning({ id: videos.id });
  const id = row!.id;
  if (state !== 'ready') return id;
  await storeFolder(server.config, await hlsFixture(), `video/${id}`);
  const key = (file: string) => `video/${id}/${file}`;
  await db
    .update(videos)
    .set({
      durationMs: FIXTURE_DURATION_MS,
      progress: 100,
      masterKey: key('master.m3u8'),
      posterKey: key('poster.jpg'),
      thumbnailsKey: key('thumbs.vtt'),
      subtitles: { en_US: key('subs/en_US.vtt') },
    })
    .where(eq(videos.id, id));
  return id;
}

/**
 * A published series (a `games` row of kind series) of `episodes` episodes, the first
 * `freeEpisodes` free and the rest at `price` gems, each with a ready video, and one clip.
 */
export async function buildSeries(
  server: TestServer,
  options: {
    episodes?: number;
    freeEpisodes?: number;
    price?: number;
    creatorId?: number;
    publishedAt?: Date | null;
    clip?: boolean;
  } = {},
) {
  const db: Db = server.database.db;
  const game = await buildGame(db, {
    kind: 'series',
    ...(options.creatorId ? { creatorId: options.creatorId } : {}),
    ...(options.publishedAt !== undefined ? { publishedAt: options.publishedAt } : {}),
  });
  await saveSeries(db, { gameId: game.id, freeEpisodes: options.freeEpisodes ?? 2 });
  const episodeIds: number[] = [];
  for (let number = 1; number <= (options.episodes ?? 4); number += 1) {
    const { episodeId } = await attachEpisodeVideo(db, {
      gameId: game.id,
      number,
      videoId: await buildVideo(server),
      price: options.price ?? 30,
    });
    episodeIds.push(episodeId);
  }
  if (options.clip ?? true) {
    await attachClip(db, {
      gameId: game.id,
      position: 0,
      videoId: await buildVideo(server),
      title: { en_US: 'First look', zh_CN: '抢先看', ja_JP: '先行公開' },
    });
  }
  return { game, episodeIds };
}

let keys = 0;

/** Gems for a player, granted straight through the wallet. */
export async function giveGems(server: TestServer, userId: number, gems: number): Promise<void> {
  const wallet = createWalletService({ now: () => server.clock.now });
  await wallet.grant(
    server.database.db,
    userId,
    gems,
    'grant',
    'start',
    `series-gems-${++keys}-${userId}`,
  );
}

/** The wallet's unlock call for an episode, as the player's unlock confirmation sends it. */
export function unlockEpisode(
  server: TestServer,
  token: string,
  gameId: number,
  episodeId: number,
  idempotencyKey = `series-unlock-${Date.now()}-${++keys}`,
) {
  return api(server, CALLS.unlock, {
    token,
    body: { game_id: gameId, episode_id: episodeId, idempotency_key: idempotencyKey },
  });
}
