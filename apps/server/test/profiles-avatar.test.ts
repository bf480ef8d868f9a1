import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CALLS } from '@taleforge/contracts';
import { LIMITS } from '@taleforge/contracts/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http.js';
import { halvesPng, jpegWithGps, pngBomb } from './support/images.js';
import { signedIn, uploadAvatar } from './support/profiles.js';
import { type S3Server, startS3Server } from './support/s3-server.js';
import { startTestServer, type TestServer } from './support/server.js';

// The avatar upload decides by content: real PNGs and JPEGs become WebP at 512 and 128 px with no
// metadata; lies, bombs and oversize files are refused with the SPEC's words and store nothing.
// The same assertions run on local files and on an S3-compatible bucket.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

async function storedNames(server: TestServer): Promise<string[]> {
  // The S3 server keeps each object as files named after its key, in a folder per bucket.
  const directory = server.config.MEDIA_S3_BUCKET
    ? join(s3.directory, server.config.MEDIA_S3_BUCKET)
    : join(server.config.DATA_DIR, 'media');
  const files = await readdir(directory, { recursive: true }).catch(() => [] as string[]);
  return files.filter((f) => f.includes('.webp')).sort();
}

/** The served file behind an avatar path: its bytes and headers. */
async function fetchAvatar(server: TestServer, path: string) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const res = await fetch(server.url(`/media/${name}`));
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each([
  ['local files', () => ({})],
  ['an S3-compatible bucket', () => s3.env],
])('avatars stored on %s', (_where, storeEnv) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(storeEnv());
  });
  afterAll(() => server.close());

  it('crops a PNG on the server and writes WebP at 512 and 128 px, shown in user info and profile', async () => {
    const { user, token } = await signedIn(server);
    // Right half only: the avatar must be all blue.
    const res = await uploadAvatar(server, token, await halvesPng(400, 200), {
      x: 200,
      y: 0,
      width: 200,
      height: 200,
    });
    expect(res.status).toBe(200);
    const small = res.data!.avatar!;
    expect(small).toMatch(/^\/taleforge\/media\/[0-9a-f]{32}\.webp$/);
    expect(res.data!.user_info_resp.avatar).toBe(small);

    const served = await fetchAvatar(server, small);
    expect(served.res.headers.get('content-type')).toBe('image/webp');
    expect(served.res.headers.get('cache-control')).toContain('immutable');
    const smallMeta = await sharp(served.bytes).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['webp', 128, 128]);
    const { dominant } = await sharp(served.bytes).stats();
    expect(dominant.b).toBeGreaterThan(150);
    expect(dominant.r).toBeLessThan(80);

    const info = await api(server, CALLS.userInfo, { token });
    expect(info.data!.avatar).toBe(small);
    const profile = await api(server, CALLS.profile, { query: { taleforge_id: user.publicId } });
    const large = profile.data!.avatar!;
    expect(large).not.toBe(small);
    const largeMeta = await sharp((await fetchAvatar(server, large)).bytes).metadata();
    expect([largeMeta.format, largeMeta.width, largeMeta.height]).toEqual(['webp', 512, 512]);
    // Both sizes are in the store itself (so "stores nothing" below is a real check).
    const stored = await storedNames(server);
    for (const path of [small, large]) {
      expect(stored.some((f) => f.includes(path.slice(path.lastIndexOf('/') + 1)))).toBe(true);
    }
  });

  it('takes a JPEG whatever its label says, and strips its GPS position and camera', async () => {
    const { token } = await signedIn(server);
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await uploadAvatar(
      server,
      token,
      jpeg,
      { x: 0, y: 0, width: 300, height: 300 },
      'application/octet-stream',
    );
    expect(res.status).toBe(200);
    const { bytes } = await fetchAvatar(server, res.data!.avatar!);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Spycam'))).toBe(false);
    expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('crops in the picture as it is shown upright: EXIF orientation is applied first', async () => {
    const { token } = await signedIn(server);
    // Stored 400×200 (red left, blue right) but tagged "rotate 90°": shown 200×400, red on top.
    const sideways = await sharp(await halvesPng(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadAvatar(server, token, sideways, {
      x: 0,
      y: 200,
      width: 200,
      height: 200,
    });
    expect(res.status).toBe(200);
    const { dominant } = await sharp((await fetchAvatar(server, res.data!.avatar!)).bytes).stats();
    expect(dominant.b).toBeGreaterThan(150);
    expect(dominant.r).toBeLessThan(80);
    // Outside the upright picture (it is 200 wide, not 400): refused.
    const outside = await uploadAvatar(server, token, sideways, {
      x: 200,
      y: 0,
      width: 200,
      height: 200,
    });
    expect(outside.status).toBe(6107);
  });

  const refusals: [string, () => Promise<Buffer> | Buffer, number, string][] = [
    [
      'a text file renamed .png',
      () => Buffer.from('just some words, not a picture\n'),
      6105,
      'valid image',
    ],
    [
      'an HTML page',
      () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      6105,
      'valid image',
    ],
    [
      'an SVG (a document, not a picture)',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>'),
      6105,
      'valid image',
    ],
    ['a PNG cut in half', async () => (await halvesPng()).subarray(0, 300), 6105, 'valid image'],
    ['an empty body', () => Buffer.alloc(0), 6105, 'valid image'],
    ['a decompression bomb (50,000² pixels declared)', () => pngBomb(), 6105, 'valid image'],
    [
      'a file 10 MB + 1 byte long',
      async () => {
        const png = await halvesPng(64, 64);
        return Buffer.concat([png, Buffer.alloc(LIMITS.avatarMaxBytes + 1 - png.length)]);
      },
      6106,
      '10MB',
    ],
  ];

  it.each(refusals)(
    'refuses %s with a clear message and stores nothing',
    async (_what, make, status, words) => {
      const { user, token } = await signedIn(server);
      const before = await storedNames(server);
      const res = await uploadAvatar(server, token, await make(), {
        x: 0,
        y: 0,
        width: 64,
        height: 64,
      });
      expect(res.http).toBe(200);
      expect(res.status).toBe(status);
      expect(res.desc).toContain(words);
      expect(await storedNames(server)).toEqual(before);
      const info = await api(server, CALLS.userInfo, { token });
      expect(info.data!.avatar).toBe(user.avatar);
    },
  );

  it('answers a body far past the limit with the framework 413, in the envelope, storing nothing', async () => {
    const { token } = await signedIn(server);
    const before = await storedNames(server);
    const res = await uploadAvatar(server, token, Buffer.alloc(LIMITS.avatarMaxBytes + 2 ** 20), {
      x: 0,
      y: 0,
      width: 64,
      height: 64,
    });
    expect(res.http).toBe(413);
    expect(res.status).toBe(413);
    expect(await storedNames(server)).toEqual(before);
  });

  it('refuses a crop outside the picture, in the request language, storing nothing', async () => {
    const { token } = await signedIn(server);
    const before = await storedNames(server);
    const png = await halvesPng(400, 200);
    const outside = await uploadAvatar(server, token, png, {
      x: 300,
      y: 0,
      width: 200,
      height: 200,
    });
    expect(outside.status).toBe(6107);
    expect(outside.desc).toBe('Please select the area to crop first');
    const empty = await uploadAvatar(server, token, png, { x: 0, y: 0, width: 0, height: 0 });
    expect(empty.status).toBe(6107);
    expect(await storedNames(server)).toEqual(before);
  });

  it('is for signed-in players only: no token opens the login dialog, a visitor signs in first', async () => {
    const png = await halvesPng(64, 64);
    const crop = { x: 0, y: 0, width: 64, height: 64 };
    const noToken = await uploadAvatar(server, '', png, crop);
    expect(noToken.status).toBe(1005);
    const visitor = await signedIn(server, 'DF_ID');
    const asVisitor = await uploadAvatar(server, visitor.token, png, crop);
    expect(asVisitor.status).toBe(6102);
  });
});

describe('avatars when the store fails', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A bucket nobody listens on: the upload is checked, then cannot be kept.
    server = await startTestServer({ ...s3.env, MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9' });
  });
  afterAll(() => server.close());

  it('answers "Failed to save avatar" and keeps the old avatar', async () => {
    const { user, token } = await signedIn(server);
    const res = await uploadAvatar(server, token, await halvesPng(64, 64), {
      x: 0,
      y: 0,
      width: 64,
      height: 64,
    });
    expect(res.status).toBe(6108);
    expect(res.desc).toBe('Failed to save avatar');
    const info = await api(server, CALLS.userInfo, { token });
    expect(info.data!.avatar).toBe(user.avatar);
  });
});
