import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEMO_VIDEOS,
  ffmpegCannotMake,
  ffmpegCapabilities,
  ffmpegNotes,
  VIDEO_PIPELINE,
} from './capabilities.js';
import { locateFfmpeg } from './ffmpeg-binaries.js';

const require = createRequire(import.meta.url);
const shipped = {
  ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
};

/**
 * A stand-in ffmpeg that answers -filters, -encoders and -muxers with the lists given, laid out
 * as ffmpeg lays them out, and fails on anything else.
 */
async function fakeFfmpeg(has: { filters: string[]; encoders: string[]; muxers: string[] }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tf-fake-ffmpeg-'));
  const filters = [
    'Filters:',
    '  T.. = Timeline support',
    '  | = Source or sink filter',
    ...has.filters.map((f) => ` T.. ${f.padEnd(16)} V->V       A filter.`),
  ];
  const encoders = [
    'Encoders:',
    ' V..... = Video',
    ' ------',
    ...has.encoders.map((e) => ` V..... ${e.padEnd(20)} An encoder.`),
  ];
  const muxers = [
    'File formats:',
    ' D. = Demuxing supported',
    ' .E = Muxing supported',
    ' --',
    ...has.muxers.map((m) => `  E ${m.padEnd(15)} A format.`),
  ];
  const lists = { filters, encoders, muxers };
  for (const [name, lines] of Object.entries(lists))
    await writeFile(path.join(dir, name), `${lines.join('\n')}\n`);
  const binary = path.join(dir, 'ffmpeg');
  await writeFile(
    binary,
    `#!/bin/sh\ncase "$2" in\n  -filters) cat "${dir}/filters";;\n  -encoders) cat "${dir}/encoders";;\n  -muxers) cat "${dir}/muxers";;\n  *) exit 1;;\nesac\n`,
  );
  await chmod(binary, 0o755);
  return { ffmpeg: binary, ffprobe: binary, source: 'env' as const, version: 'ffmpeg version 9.9' };
}

const everything = {
  filters: [...new Set([...VIDEO_PIPELINE.filters, ...DEMO_VIDEOS.filters])],
  encoders: ['libx264', 'aac', 'mjpeg'],
  muxers: ['hls', 'image2', 'mp4'],
};

describe('what the ffmpeg can make, told at start', () => {
  it('finds every filter, encoder and format both uses need in the npm package’s ffmpeg 4.1', async () => {
    const found = await locateFfmpeg({
      ...process.env,
      FFMPEG_PATH: shipped.ffmpeg,
      FFPROBE_PATH: shipped.ffprobe,
    });
    const capabilities = await ffmpegCapabilities(found.ffmpeg);
    // It is the old build the renderer had to do without xfade for (ffmpeg 4.3+).
    expect(capabilities.filters.has('overlay')).toBe(true);
    expect(capabilities.encoders.has('libx264')).toBe(true);
    expect(capabilities.muxers.has('hls')).toBe(true);
    expect(await ffmpegNotes(found)).toEqual([]);
    expect(await ffmpegCannotMake(found, DEMO_VIDEOS)).toBeNull();
    // Asked once: the second answer is the same promise.
    expect(ffmpegCapabilities(found.ffmpeg)).toBe(ffmpegCapabilities(found.ffmpeg));
  });

  it('says nothing about an ffmpeg that has everything', async () => {
    expect(await ffmpegNotes(await fakeFfmpeg(everything))).toEqual([]);
  });

  it('names what is missing, what still works and how to fix it', async () => {
    const found = await fakeFfmpeg({
      ...everything,
      filters: everything.filters.filter((f) => f !== 'geq' && f !== 'alphamerge'),
    });
    const notes = await ffmpegNotes(found);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("The demo series' videos cannot be made");
    expect(notes[0]).toContain('lacks the filter alphamerge and filter geq');
    expect(notes[0]).toContain('uploaded and imported videos too');
    expect(notes[0]).toContain(`the ffmpeg FFMPEG_PATH names (${found.ffmpeg})`);
    expect(notes[0]).toContain('set FFMPEG_PATH and FFPROBE_PATH');
    expect(await ffmpegCannotMake(found, DEMO_VIDEOS)).toMatch(
      /lacks the filter alphamerge and filter geq they need\. Install a current ffmpeg/,
    );
    expect(await ffmpegCannotMake(found, VIDEO_PIPELINE)).toBeNull();
  });

  it('tells each use apart when the build lacks an encoder both need', async () => {
    const found = await fakeFfmpeg({ ...everything, encoders: ['aac', 'mjpeg'] });
    const notes = await ffmpegNotes(found);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Uploaded and imported videos cannot be made: .* encoder libx264;/);
    expect(notes[1]).toMatch(/^The demo series' videos cannot be made: .* encoder libx264;/);
    expect(notes.every((n) => n.includes('; everything else works.'))).toBe(true);
  });

  it('says so when there is no ffmpeg, or it does not answer', async () => {
    expect(await ffmpegNotes(null)).toEqual([
      expect.stringMatching(/^No ffmpeg was found, so uploaded and imported videos and the demo/),
    ]);
    expect(await ffmpegCannotMake(null, DEMO_VIDEOS)).toMatch(/^this server has no ffmpeg\./);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tf-'));
    const mute = path.join(dir, 'ffmpeg');
    await writeFile(mute, '#!/bin/sh\nexit 3\n');
    await chmod(mute, 0o755);
    const notes = await ffmpegNotes({ ffmpeg: mute, ffprobe: mute, source: 'env', version: '' });
    expect(notes).toEqual([expect.stringContaining('did not say which filters and encoders')]);
  });
});
