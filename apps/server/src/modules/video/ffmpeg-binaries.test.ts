import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateFfmpeg } from './ffmpeg-binaries.js';

const require = createRequire(import.meta.url);
const shipped = {
  ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
};

describe('which ffmpeg the pipeline runs', () => {
  it('is the one FFMPEG_PATH and FFPROBE_PATH name, when they do', async () => {
    const found = await locateFfmpeg({
      ...process.env,
      FFMPEG_PATH: shipped.ffmpeg,
      FFPROBE_PATH: shipped.ffprobe,
    });
    expect(found).toMatchObject({ ...shipped, source: 'env' });
    expect(found.version).toMatch(/^ffmpeg version /);
  });

  it('refuses an FFMPEG_PATH that does not run, rather than quietly using another', async () => {
    const missing = path.join(await mkdtemp(path.join(os.tmpdir(), 'tf-')), 'ffmpeg');
    await expect(locateFfmpeg({ ...process.env, FFMPEG_PATH: missing })).rejects.toThrow(missing);
  });

  it("is the system's when one is on the PATH", async () => {
    // The test setup installs the distribution's ffmpeg (scripts/ensure-ffmpeg.sh).
    expect(await locateFfmpeg(process.env)).toMatchObject({ ffmpeg: 'ffmpeg', source: 'system' });
  });

  it('is the npm package’s static build on a machine without one', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'tf-'));
    const found = await locateFfmpeg({ PATH: empty });
    expect(found).toMatchObject({ ...shipped, source: 'npm' });
    expect(found.version).toMatch(/^ffmpeg version /);
  });
});
