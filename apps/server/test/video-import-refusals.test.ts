import { copyFile, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { STATUS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMediaStore, type MediaStore } from '../src/modules/media/index.js';
import { createVideoService, type VideoService } from '../src/modules/video/index.js';
import type { Database } from '../src/platform/db/client.js';
import { videos } from '../src/platform/db/schema/index.js';
import { AppError } from '../src/platform/http/app-error.js';
import { createTestDatabase, tempDir } from './support/database.js';
import { ffmpegBinaries, makeTestVideo, quietLogger } from './support/videos.js';

// Uploads that must be refused with a clear status, leaving no row and no file behind; and a
// job that cannot finish says why.

let database: Database;
let media: MediaStore;
let service: VideoService;
let goodVideo: string;
const MAX_BYTES = 200_000;

beforeAll(async () => {
  database = await createTestDatabase();
  media = createMediaStore(loadConfig({ DATA_DIR: await tempDir() }));
  service = createVideoService({
    db: database.db,
    locks: database.locks,
    media,
    logger: quietLogger(),
    ffmpeg: await ffmpegBinaries(),
    options: {
      preset: 'ultrafast',
      maxSourceBytes: MAX_BYTES,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      workDir: await tempDir(),
    },
  });
  goodVideo = await makeTestVideo({ seconds: 2, width: 180, height: 320 });
});
afterAll(async () => {
  await service?.stop();
  await database?.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${error}`);
  return error;
}

async function expectNothingLeft() {
  expect(await database.db.select().from(videos)).toEqual([]);
  expect(await media.list('video/')).toEqual([]);
}

describe('importing a file', () => {
  it('refuses a text file named .mp4, by its content', async () => {
    const file = path.join(await tempDir(), 'episode.mp4');
    await writeFile(file, 'Episode 1 script: she opens the door.\n'.repeat(50));
    const error = await refusal(service.importVideo({ path: file }));
    expect(error.status).toBe(STATUS.VIDEO_NOT_VIDEO);
    expect(error.status).toBe(6306);
    await expectNothingLeft();
  });

  it('refuses a picture named .mp4', async () => {
    const file = path.join(await tempDir(), 'poster.mp4');
    const { ffmpeg } = await ffmpegBinaries();
    const { execFileSync } = await import('node:child_process');
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x64',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      file,
    ]);
    expect((await refusal(service.importVideo({ path: file }))).status).toBe(
      STATUS.VIDEO_NOT_VIDEO,
    );
    await expectNothingLeft();
  });

  it('refuses a truncated mp4 as damaged', async () => {
    const file = path.join(await tempDir(), 'cut.mp4');
    await copyFile(goodVideo, file);
    // ffmpeg writes the index (moov) last: cut off, the file keeps its signature and loses it.
    await truncate(file, Math.floor((await readFile(goodVideo)).length / 2));
    const error = await refusal(service.importVideo({ path: file }));
    expect(error.status).toBe(STATUS.VIDEO_CORRUPT);
    expect(error.detail).toMatch(/^the file: (moov atom not found|Invalid data)/);
    await expectNothingLeft();
  });

  it('refuses a source over the size limit before reading it', async () => {
    const big = path.join(await tempDir(), 'big.mp4');
    await writeFile(big, Buffer.alloc(MAX_BYTES + 1, 0));
    const error = await refusal(service.importVideo({ path: big }));
    expect(error.status).toBe(STATUS.VIDEO_TOO_LARGE);
    await expectNothingLeft();
  });

  it('refuses a subtitle with a bad cue, naming the line, and keeps nothing of the video', async () => {
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nfine\n\n00:00:01.000 --> soon\nbad\n';
    const error = await refusal(
      service.importVideo({ path: goodVideo, subtitles: { zh_CN: vtt } }),
    );
    expect(error.status).toBe(STATUS.SUBTITLE_INVALID);
    expect(error.detail).toMatch(/^line 6:/);
    await expectNothingLeft();
  });

  it('refuses an mp4 cut short even when its index comes first', async () => {
    const whole = path.join(await tempDir(), 'faststart.mp4');
    const { ffmpeg } = await ffmpegBinaries();
    const { execFileSync } = await import('node:child_process');
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-i',
      goodVideo,
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      whole,
    ]);
    const cut = path.join(await tempDir(), 'cut.mp4');
    await copyFile(whole, cut);
    await truncate(cut, Math.floor((await readFile(whole)).length * 0.7));
    const error = await refusal(service.importVideo({ path: cut }));
    expect(error.status).toBe(STATUS.VIDEO_CORRUPT);
    expect(error.detail).toBe('the file is cut short');
    await expectNothingLeft();
    // The same file whole is a video: the check is of the cut, not of faststart files.
    const { videoId } = await service.importVideo({ path: whole });
    expect((await service.get(videoId))!.state).toBe('queued');
  });

  it('takes subtitles later, converting SRT, and refuses a bad one without changing the track', async () => {
    const { videoId } = await service.importVideo({ path: goodVideo });
    await service.setSubtitles(videoId, 'ja_JP', '1\n00:00:00,000 --> 00:00:01,500\nこんにちは\n');
    const stored = await media.read(`video/${videoId}/subs/ja_JP.vtt`);
    expect((await buffer(stored!)).toString()).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nこんにちは\n',
    );
    expect((await service.get(videoId))!.subtitles).toEqual({
      ja_JP: `video/${videoId}/subs/ja_JP.vtt`,
    });

    const error = await refusal(
      service.setSubtitles(videoId, 'ja_JP', '1\n00:00:02,000 --> 00:00:01,000\nx\n'),
    );
    expect(error.status).toBe(STATUS.SUBTITLE_INVALID);
    expect(error.detail).toMatch(/^line 2:/);
    const kept = await media.read(`video/${videoId}/subs/ja_JP.vtt`);
    expect((await buffer(kept!)).toString()).toContain('こんにちは');
  });

  it('stops waiting for a video when the wait is called off (a server shutting down)', async () => {
    const { videoId } = await service.importVideo({ path: goodVideo });
    const stop = new AbortController();
    const waiting = service.waitUntilReady(videoId, 60_000, stop.signal);
    stop.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    // Only the wait ended: the video is still queued for its transcode.
    expect((await service.get(videoId))!.state).not.toBe('failed');
  });

  it('fails a job whose source cannot be read, and says why', { timeout: 120_000 }, async () => {
    const { videoId } = await service.importVideo({ path: goodVideo });
    await media.remove(`video/${videoId}/source`);
    await service.start();
    await expect(service.waitUntilReady(videoId, 60_000)).rejects.toThrow(/source is missing/);
    expect(await service.get(videoId)).toMatchObject({
      state: 'failed',
      error: 'the uploaded source is missing from the media store',
    });
  });
});
