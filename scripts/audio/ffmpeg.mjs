/**
 * Encoding to MP3 and decoding back, through the ffmpeg command.
 */

import { spawnSync } from 'node:child_process';
import { SR } from './signal.mjs';

function ffmpeg(args, input) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], {
    input,
    maxBuffer: 1 << 28,
  });
  if (run.error) throw new Error(`ffmpeg: ${run.error.message} (apt-get install -y ffmpeg)`);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  return run.stdout;
}

export function encode(samples, file) {
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const raw = ['-f', 'f32le', '-ar', String(SR), '-ac', '1', '-i', 'pipe:0'];
  const mp3 = ['-c:a', 'libmp3lame', '-b:a', '64k', '-ac', '1', '-map_metadata', '-1'];
  const exact = ['-fflags', '+bitexact', '-flags:a', '+bitexact'];
  ffmpeg(['-y', ...raw, ...mp3, ...exact, file], pcm);
}

export function decode(file) {
  const out = ffmpeg(['-i', file, '-f', 'f32le', '-ac', '1', '-ar', String(SR), 'pipe:1']);
  return new Float32Array(out.buffer, out.byteOffset, out.byteLength / 4);
}
