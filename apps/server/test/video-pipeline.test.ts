import { buffer } from 'node:stream/consumers';
import { SERIES_LIMITS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMediaStore, type MediaStore } from '../src/modules/media/index.js';
import { createVideoService, type VideoService } from '../src/modules/video/index.js';
import type { Database } from '../src/platform/db/client.js';
import { videos } from '../src/platform/db/schema/index.js';
import { createTestDatabase, tempDir } from './support/database.js';
import { ffmpegBinaries, makeTestVideo, quietLogger, segmentsOf } from './support/videos.js';

// A real video through the whole pipeline: probe, queue, transcode, stills, the media store.

let database: Database;
let media: MediaStore;
let service: VideoService;
const progressSeen: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  media = createMediaStore(loadConfig({ DATA_DIR: await tempDir() }));
  service = createVideoService({
    db: database.db,
    locks: database.locks,
    media,
    logger: quietLogger(),
    ffmpeg: await ffmpegBinaries(),
    options: { preset: 'ultrafast', pollingIntervalSeconds: 0.5, workDir: await tempDir() },
  });
  await service.start();
});
afterAll(async () => {
  await service?.stop();
  await database?.close();
});

const text = async (key: string) => {
  const stream = await media.read(key);
  if (!stream) throw new Error(`${key} is not stored`);
  return (await buffer(stream)).toString('utf8');
};
const bytes = async (key: string) => {
  const stream = await media.read(key);
  if (!stream) throw new Error(`${key} is not stored`);
  return buffer(stream);
};

describe('a video imported into the pipeline', () => {
  // A transcode into three renditions up to 720x1280 takes seconds alone, much longer on a busy machine.
  it('is transcoded into three HLS renditions with a poster, a sprite and subtitles', {
    timeout: 120_000,
  }, async () => {
    const source = await makeTestVideo({ seconds: 6, width: 720, height: 1280 });
    const srt = '1\n00:00:00,500 --> 00:00:02,000\nHello\n';
    const { videoId } = await service.importVideo({ path: source, subtitles: { en_US: srt } });

    const queued = await service.get(videoId);
    expect(queued).toMatchObject({ state: 'queued', sourceKey: `video/${videoId}/source` });
    expect(queued!.subtitles).toEqual({ en_US: `video/${videoId}/subs/en_US.vtt` });

    // Progress is read while the job runs: it must move before the video is ready.
    const watching = (async () => {
      for (;;) {
        const row = await service.get(videoId);
        if (!row || row.state === 'ready' || row.state === 'failed') return;
        progressSeen.push(row.progress);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const row = await service.waitUntilReady(videoId, 90_000);
    await watching;
    expect(progressSeen.some((p) => p > 0 && p < 100)).toBe(true);

    expect(row).toMatchObject({
      state: 'ready',
      progress: 100,
      error: null,
      width: 720,
      height: 1280,
      masterKey: `video/${videoId}/master.m3u8`,
      posterKey: `video/${videoId}/poster.jpg`,
      thumbnailsKey: `video/${videoId}/thumbs.vtt`,
    });
    expect(Math.abs(row.durationMs - 6000)).toBeLessThan(150);

    const master = await text(row.masterKey!);
    expect(master.startsWith('#EXTM3U\n')).toBe(true);
    // Named by the short side, as players name vertical video: 720p is 720x1280.
    expect(row.renditions.map((r) => r.width)).toEqual([...SERIES_LIMITS.renditionHeights]);
    for (const rendition of row.renditions) {
      expect(rendition.height).toBe(2 * Math.round((rendition.width * 16) / 9 / 2));
      expect(rendition.playlist).toBe(`${rendition.width}p/index.m3u8`);
      expect(rendition.bandwidth).toBeGreaterThan(10_000);
      expect(master).toContain(
        `RESOLUTION=${rendition.width}x${rendition.height},CODECS="avc1.4d401f,mp4a.40.2"\n${rendition.playlist}\n`,
      );
      const playlist = await text(`video/${videoId}/${rendition.playlist}`);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = segmentsOf(playlist);
      expect(segments.map((s) => s.uri)).toEqual(['seg_00001.ts', 'seg_00002.ts']);
      for (const segment of segments) {
        expect(segment.seconds).toBeGreaterThanOrEqual(2);
        expect(segment.seconds).toBeLessThanOrEqual(4);
        const ts = await bytes(`video/${videoId}/${rendition.width}p/${segment.uri}`);
        // MPEG-TS: 188-byte packets, each starting with the sync byte.
        expect(ts[0]).toBe(0x47);
        expect(ts[188]).toBe(0x47);
      }
      const total = segments.reduce((sum, s) => sum + s.seconds, 0);
      expect(Math.abs(total - 6)).toBeLessThan(0.2);
    }

    const poster = await bytes(row.posterKey!);
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const sprite = await bytes(`video/${videoId}/thumbs.jpg`);
    expect([...sprite.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const thumbs = await text(row.thumbnailsKey!);
    expect(
      thumbs.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nthumbs.jpg#xywh=0,0,90,160\n'),
    ).toBe(true);
    expect(thumbs).toContain('00:00:05.000 --> 00:00:06.000\nthumbs.jpg#xywh=450,0,90,160');

    expect(await text(`video/${videoId}/subs/en_US.vtt`)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n',
    );
    const rows = await database.db.select().from(videos).where(eq(videos.id, videoId));
    expect(rows).toHaveLength(1);
  });

  it('keeps a small landscape source its shape, never upscaled past 360p, and lists no audio codec for a silent one', {
    timeout: 120_000,
  }, async () => {
    const source = await makeTestVideo({ seconds: 2, width: 320, height: 180, audio: false });
    const { videoId } = await service.importVideo({ path: source });
    const row = await service.waitUntilReady(videoId, 90_000);
    expect(row.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['640x360']);
    const master = await text(row.masterKey!);
    expect(master).toContain('RESOLUTION=640x360,CODECS="avc1.4d401f"\n360p/index.m3u8\n');
    const thumbs = await text(row.thumbnailsKey!);
    expect(thumbs).toContain('00:00:01.000 --> 00:00:02.000\nthumbs.jpg#xywh=284,0,284,160');
  });
});
