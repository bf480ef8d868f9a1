import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretFile } from './secret-file.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('loadSecretFile', () => {
  it('gives processes starting together on one data directory the same whole secret', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tf-secret-'));
    // Many at once interleave their file operations as several processes would.
    const secrets = await Promise.all(
      Array.from({ length: 40 }, () => loadSecretFile(dir, 'media-url-secret', 'k_')),
    );
    expect(secrets[0]).toMatch(/^k_[\w-]{32}$/);
    expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
    // No draft is left beside it.
    expect(await readdir(path.join(dir, 'keys'))).toEqual(['media-url-secret']);
    expect(await loadSecretFile(dir, 'media-url-secret', 'k_')).toBe(secrets[0]);
  });
});
