import { writeFile } from 'node:fs/promises';
import path from 'node:path';
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

describe.each(stores)('keys on the media store on %s', (_where, makeStore) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await makeStore();
  });
  const text = async (key: string) => {
    const stream = await store.read(key);
    return stream && (await buffer(stream)).toString();
  };
  const folder = () => `video/${Math.floor(Math.random() * 1e9)}/`;

  it('keeps bytes and files under a key, replaces them when written again, and lists them', async () => {
    const dir = folder();
    await store.putAt(`${dir}master.m3u8`, Buffer.from('#EXTM3U first'));
    await store.putAt(`${dir}master.m3u8`, Buffer.from('#EXTM3U second'));
    const source = path.join(await tempDir(), 'seg.ts');
    await writeFile(source, 'G segment bytes');
    await store.putAt(`${dir}360p/seg_00001.ts`, { file: source });

    expect(await text(`${dir}master.m3u8`)).toBe('#EXTM3U second');
    expect(await store.size(`${dir}360p/seg_00001.ts`)).toBe(15);
    const stream = await store.read(`${dir}360p/seg_00001.ts`, { start: 2, end: 8 });
    expect(stream && (await buffer(stream)).toString()).toBe('segment');
    expect((await store.list(dir)).sort()).toEqual([
      `${dir}360p/seg_00001.ts`,
      `${dir}master.m3u8`,
    ]);
  });

  it('removes a folder whole, and nothing beside it', async () => {
    const [gone, kept] = [folder(), folder()];
    await store.putAt(`${gone}a/b.vtt`, Buffer.from('WEBVTT'));
    await store.putAt(`${gone}poster.jpg`, Buffer.from('jpeg'));
    await store.putAt(`${kept}poster.jpg`, Buffer.from('jpeg'));
    await store.removePrefix(gone);
    expect(await store.list(gone)).toEqual([]);
    expect(await store.size(`${gone}poster.jpg`)).toBeNull();
    expect(await store.list(kept)).toEqual([`${kept}poster.jpg`]);
    await store.removePrefix(gone);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../escape/x.ts', 'video/../../x.ts', '/abs/x.ts', 'video/1/', 'flat.ts']) {
      await expect(store.putAt(key, Buffer.from('x')), key).rejects.toThrow(/not a media key/);
      expect(await store.read(key), key).toBeNull();
    }
    await expect(store.removePrefix('../')).rejects.toThrow(/not a media folder/);
    await expect(store.removePrefix('video')).rejects.toThrow(/not a media folder/);
  });
});
