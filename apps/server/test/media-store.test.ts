import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMediaStore, type MediaStore } from '../src/modules/media/index.js';
import { tempDir } from './support/database.js';
import { type S3Server, startS3Server } from './support/s3-server.js';

// One behaviour for both stores: what a module sees must not depend on where the bytes live.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const stores: [string, () => Promise<MediaStore>][] = [
  ['local files', async () => createMediaStore(loadConfig({ DATA_DIR: await tempDir() }))],
  ['an S3-compatible bucket', async () => createMediaStore(loadConfig(s3.env))],
];

describe.each(stores)('the media store on %s', (_where, makeStore) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await makeStore();
  });
  const read = async (name: string, range?: { start: number; end: number }) => {
    const stream = await store.read(name, range);
    return stream && (await buffer(stream));
  };

  it('names bytes by their hash, keeps them once, and reads them back whole or in part', async () => {
    const bytes = Buffer.from(`ID3 a tune ${Math.random()}`);
    const name = await store.put(bytes, 'mp3');
    expect(name).toMatch(/^[0-9a-f]{32}\.mp3$/);
    expect(await store.put(bytes, 'mp3')).toBe(name);
    expect(await store.size(name)).toBe(bytes.length);
    expect((await read(name))?.equals(bytes)).toBe(true);
    expect((await read(name, { start: 4, end: 9 }))?.toString()).toBe('a tune');
  });

  it('keeps the same bytes of another type apart', async () => {
    const bytes = Buffer.from(`RIFF picture ${Math.random()}`);
    const asImage = await store.put(bytes, 'webp');
    const asSound = await store.put(bytes, 'mp3');
    expect(asImage).toMatch(/\.webp$/);
    expect(asImage.slice(0, 32)).toBe(asSound.slice(0, 32));
    expect(await store.size(asImage)).toBe(bytes.length);
  });

  it('knows nothing of names it did not store, or that are not names', async () => {
    for (const name of [`${'0'.repeat(32)}.mp3`, '../keys/admin-channel.json', 'theme.mp3', '']) {
      expect(await store.size(name), name).toBeNull();
      expect(await store.read(name), name).toBeNull();
    }
  });

  it('removes a file for good', async () => {
    const name = await store.put(Buffer.from(`short-lived ${Math.random()}`), 'mp3');
    await store.remove(name);
    expect(await store.size(name)).toBeNull();
    expect(await store.read(name)).toBeNull();
    await store.remove(name);
  });
});
