import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { type S3Server, startS3Server } from './support/s3-server.js';
import { startTestServer, type TestServer } from './support/server.js';

// How /media answers a browser, whichever store holds the file: what <audio>, <video> and <img>
// and a CDN in front of us rely on.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const bytes = Buffer.from('0123456789abcdefghij'.repeat(50));

describe.each([
  ['local files', () => ({})],
  ['an S3-compatible bucket', () => s3.env],
])('media served from %s', (_where, storeEnv) => {
  let server: TestServer;
  let url: string;
  let etag: string;
  beforeAll(async () => {
    server = await startTestServer(storeEnv());
    const name = await createMediaStore(server.config).put(bytes, 'mp3');
    url = server.url(`/media/${name}`);
    etag = `"${name.slice(0, 32)}"`;
  });
  afterAll(() => server.close());

  it('names the file by its ETag, and a cached copy is answered 304 with no body', async () => {
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe(etag);
    expect(first.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes)).toBe(true);

    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers open and suffix ranges, and HEAD with the length only', async () => {
    const tail = await fetch(url, { headers: { range: 'bytes=990-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes 990-999/${bytes.length}`);
    expect(await tail.text()).toBe('abcdefghij');

    const last = await fetch(url, { headers: { range: 'bytes=-5' } });
    expect(last.status).toBe(206);
    expect(await last.text()).toBe('fghij');

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(await head.text()).toBe('');
  });

  it('refuses a range past the end with 416, and sends the whole file for several ranges', async () => {
    const past = await fetch(url, { headers: { range: 'bytes=5000-6000' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    await past.arrayBuffer();

    const several = await fetch(url, { headers: { range: 'bytes=0-1,10-11' } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(bytes.length);
  });

  it('sends the whole file when If-Range names another version', async () => {
    const res = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(bytes.length);
    const same = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(same.status).toBe(206);
    expect(await same.text()).toBe('0123456789');
  });
});

describe('media behind a CDN', () => {
  it('redirects to MEDIA_PUBLIC_URL, and still 404s what is not a stored name', async () => {
    const server = await startTestServer({ ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example' });
    try {
      const name = await createMediaStore(server.config).put(bytes, 'mp3');
      const res = await fetch(server.url(`/media/${name}`), { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`https://cdn.example/${name}`);
      const bad = await fetch(server.url('/media/..%2F..%2Fkeys'), { redirect: 'manual' });
      expect(bad.status).toBe(404);
      await bad.arrayBuffer();
    } finally {
      await server.close();
    }
  });
});
