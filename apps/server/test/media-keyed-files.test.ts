import { buffer } from 'node:stream/consumers';
import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMediaStore, type MediaStore } from '../src/modules/media/index.js';
import { tempDir } from './support/database.js';
import { api } from './support/http.js';
import { type S3Server, startS3Server } from './support/s3-server.js';
import { buildSeries, hlsFixture, storeFolder } from './support/series.js';
import { startTestServer } from './support/server.js';

// Files kept under a path (a video's HLS outputs) behave alike on disk and in a bucket, and an
// episode plays from a bucket as it does from the disk.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const configs: [string, () => Promise<ReturnType<typeof loadConfig>>][] = [
  ['local files', async () => loadConfig({ DATA_DIR: await tempDir() })],
  ['an S3-compatible bucket', async () => loadConfig({ DATA_DIR: await tempDir(), ...s3.env })],
];

describe.each(configs)('keyed files on %s', (_where, makeConfig) => {
  let store: MediaStore;
  beforeAll(async () => {
    const config = await makeConfig();
    store = createMediaStore(config);
    await storeFolder(config, await hlsFixture(), 'video/41');
  });

  it("tells a file's size and time, and reads it whole or in part", async () => {
    const info = await store.statKey('video/41/subs/en_US.vtt');
    const text = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n';
    expect(info?.size).toBe(Buffer.byteLength(text));
    expect(info?.modifiedAt).toBeInstanceOf(Date);
    expect((await buffer((await store.readKey('video/41/subs/en_US.vtt'))!)).toString()).toBe(text);
    const part = await store.readKey('video/41/subs/en_US.vtt', { start: 0, end: 5 });
    expect((await buffer(part!)).toString()).toBe('WEBVTT');
    expect(await store.statKey('video/41/360p/seg_00002.ts')).not.toBeNull();
  });

  it('knows nothing of missing files or of keys outside a video folder', async () => {
    for (const key of [
      'video/41/360p/seg_00009.ts',
      'video/41/../41/master.m3u8',
      'video/41/360p/../master.m3u8',
      'keys/media-url-secret',
      'video/0/master.m3u8',
      'video/41//master.m3u8',
      'video/41/a/b/c/master.m3u8',
      '/video/41/master.m3u8',
      'video/41/master',
    ]) {
      expect(await store.statKey(key), key).toBeNull();
      expect(await store.readKey(key), key).toBeNull();
    }
  });
});

describe('an episode in a bucket', () => {
  it('plays through the signed addresses as from the disk', async () => {
    const server = await startTestServer(s3.env);
    try {
      const { episodeIds } = await buildSeries(server, { episodes: 1, clip: false });
      const res = await api(server, CALLS.episodePlay, {
        query: { episode_id: String(episodeIds[0]!) },
      });
      const origin = new URL(server.url('/')).origin;
      const master = await fetch(new URL(res.data!.video.hls_url, origin));
      expect(master.status).toBe(200);
      const rendition = await fetch(new URL('360p/index.m3u8', master.url));
      const segment = await fetch(new URL('seg_00001.ts', rendition.url), {
        headers: { range: 'bytes=0-187' },
      });
      expect(segment.status).toBe(206);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect((await segment.arrayBuffer()).byteLength).toBe(188);
    } finally {
      await server.close();
    }
  });
});
