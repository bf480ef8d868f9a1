import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../../test/support/studio-import.js';
import { readZip } from './safe-zip.js';

describe('reading a zip', () => {
  it('gives every file with its folders and bytes', () => {
    const zip = zipSync({
      'main.ink': strToU8('Hello'),
      'parts/more.ink': strToU8('x'.repeat(3000)),
    });
    expect(readZip(zip).map((e) => [e.path, e.bytes.length])).toEqual([
      ['main.ink', 5],
      ['parts/more.ink', 3000],
    ]);
  });

  it.each([
    '../evil.ink',
    'parts/../../evil.ink',
    '/etc/evil.ink',
    'C:/evil.ink',
    'parts\\..\\..\\evil.ink',
  ])('refuses the path %s as unsafe, naming it', async (path) => {
    const zip = zipSync({ 'main.ink': strToU8('ok'), [path]: strToU8('evil') });
    expect(await refusal(() => readZip(zip))).toEqual({
      status: STATUS.STUDIO_ZIP_UNSAFE,
      detail: path,
    });
  });

  it('refuses more entries than the limit', async () => {
    const files = Object.fromEntries(
      Array.from({ length: STUDIO_LIMITS.zipEntriesMax + 1 }, (_, i) => [
        `f${i}.ink`,
        strToU8('x'),
      ]),
    );
    expect((await refusal(() => readZip(zipSync(files)))).status).toBe(STATUS.STUDIO_ZIP_UNSAFE);
    const atLimit = Object.fromEntries(Object.entries(files).slice(1));
    expect(readZip(zipSync(atLimit))).toHaveLength(STUDIO_LIMITS.zipEntriesMax);
  });

  it('stops a zip bomb while inflating, even when its header claims a tiny size', async () => {
    const bomb = zipSync(
      { 'bomb.ink': new Uint8Array(STUDIO_LIMITS.zipUnpackedMaxBytes + 4096) },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    // The local header's uncompressed size (offset 22) now says 1 byte.
    new DataView(bomb.buffer).setUint32(22, 1, true);
    expect(await refusal(() => readZip(bomb))).toMatchObject({ status: STATUS.STUDIO_ZIP_UNSAFE });
  });

  it('counts the unpacked size over all entries together', async () => {
    const half = new Uint8Array(STUDIO_LIMITS.zipUnpackedMaxBytes / 2 + 1);
    expect((await refusal(() => readZip(zipSync({ 'a.ink': half, 'b.ink': half })))).status).toBe(
      STATUS.STUDIO_ZIP_UNSAFE,
    );
  });

  it('calls what is not a zip unreadable', async () => {
    expect((await refusal(() => readZip(strToU8('INCLUDE nothing')))).status).toBe(
      STATUS.STUDIO_IMPORT_UNREADABLE,
    );
  });
});
