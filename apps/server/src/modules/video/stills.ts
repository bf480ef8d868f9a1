import path from 'node:path';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';
import type { ProbedVideo } from './probe.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { frameAt, frameOfHeight } from './transcode.js';

/** Sprite tiles are this many lines high: enough to recognise a scene while scrubbing. */
const TILE_HEIGHT = 160;
const SPRITE_COLUMNS = 10;
/** At most this many tiles, so a long episode's sprite stays one small picture. */
const MAX_TILES = 100;

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(
    Math.floor(ms / 1000) % 60,
  )}.${pad(ms % 1000, 3)}`;
};

/** poster.jpg: one frame a little way in (the very first is often black), at most 720 lines. */
export async function makePoster(
  binaries: FfmpegBinaries,
  input: string,
  source: ProbedVideo,
  outDir: string,
  signal?: AbortSignal,
): Promise<string> {
  const at = Math.min(1, source.durationMs / 2000);
  const { width, height } = frameAt(source, Math.min(720, source.width, source.height));
  await runFfmpeg(
    binaries.ffmpeg,
    [
      '-ss',
      at.toFixed(3),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:${height}`,
      '-q:v',
      '3',
      path.join(outDir, 'poster.jpg'),
    ],
    { durationMs: 0, signal },
  );
  return 'poster.jpg';
}

/**
 * thumbs.jpg, a grid of small frames taken every few seconds, and thumbs.vtt, whose cues point
 * into it (`thumbs.jpg#xywh=x,y,w,h`): what a player shows above the seek bar.
 */
export async function makeThumbnails(
  binaries: FfmpegBinaries,
  input: string,
  source: ProbedVideo,
  outDir: string,
  signal?: AbortSignal,
): Promise<{ sprite: string; track: string; vtt: string }> {
  const seconds = source.durationMs / 1000;
  const every = Math.max(1, Math.ceil(seconds / MAX_TILES));
  const count = Math.max(1, Math.ceil(seconds / every));
  const columns = Math.min(SPRITE_COLUMNS, count);
  const rows = Math.ceil(count / columns);
  const { width, height } = frameOfHeight(source, TILE_HEIGHT);
  await runFfmpeg(
    binaries.ffmpeg,
    [
      '-i',
      input,
      '-an',
      '-vf',
      `fps=1/${every},scale=${width}:${height},tile=${columns}x${rows}`,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      path.join(outDir, 'thumbs.jpg'),
    ],
    { durationMs: 0, signal },
  );
  const cues = Array.from({ length: count }, (_, i) => {
    const [x, y] = [(i % columns) * width, Math.floor(i / columns) * height];
    const end = Math.min((i + 1) * every, seconds);
    return `${vttTime(i * every)} --> ${vttTime(end)}\nthumbs.jpg#xywh=${x},${y},${width},${height}`;
  });
  return { sprite: 'thumbs.jpg', track: 'thumbs.vtt', vtt: `WEBVTT\n\n${cues.join('\n\n')}\n` };
}
