import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http.js';
import { type S3Server, startS3Server } from './support/s3-server.js';
import { buildSeries } from './support/series.js';
import { startTestServer } from './support/server.js';

// With MEDIA_S3_BUCKET set, an episode's HLS files are read from the bucket behind the same signed
// addresses as from the disk.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

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
