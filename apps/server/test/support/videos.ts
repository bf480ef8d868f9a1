// Real videos for the pipeline's tests, made by ffmpeg itself: a moving test pattern with a tone,
// small and short so a test transcodes it in seconds on two cores.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { type FfmpegBinaries, locateFfmpeg } from '../../src/modules/video/index.js';
import { tempDir } from './database.js';

const run = promisify(execFile);

let found: Promise<FfmpegBinaries> | null = null;
export const ffmpegBinaries = () => {
  found ??= locateFfmpeg();
  return found;
};

export const quietLogger = () => pino({ level: 'silent' });

/** An H.264/AAC mp4 of `seconds` at width×height, 24 fps, the tone and pattern moving. */
export async function makeTestVideo(
  options: { seconds?: number; width?: number; height?: number; audio?: boolean } = {},
): Promise<string> {
  const { seconds = 6, width = 360, height = 640, audio = true } = options;
  const file = path.join(await tempDir('tf-video-'), 'source.mp4');
  const { ffmpeg } = await ffmpegBinaries();
  const args = ['-hide_banner', '-v', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`);
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-b:a', '64k');
  args.push('-shortest', file);
  await run(ffmpeg, args);
  return file;
}

/** A playlist's segment names and their #EXTINF lengths in seconds. */
export function segmentsOf(playlist: string): { uri: string; seconds: number }[] {
  const lines = playlist.split('\n');
  return lines.flatMap((line, i) => {
    const extinf = /^#EXTINF:([\d.]+),/.exec(line);
    return extinf ? [{ uri: lines[i + 1]!.trim(), seconds: Number(extinf[1]) }] : [];
  });
}
