import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SERIES_LIMITS } from '@taleforge/contracts';
import type { VideoRendition } from '../../platform/db/schema/videos.js';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';
import type { ProbedVideo } from './probe.js';
import { runFfmpeg } from './run-ffmpeg.js';

export interface TranscodeOptions {
  /** x264's speed/size trade-off: `veryfast` by default, `ultrafast` in tests. */
  preset: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A rendition's frame: `lines` is its short side, as players name vertical video (720p is
 * 720x1280), with the source's shape and even sides (H.264 wants them).
 */
export function frameAt(source: ProbedVideo, lines: number): { width: number; height: number } {
  const portrait = source.height >= source.width;
  return frameOfHeight(source, portrait ? even((lines * source.height) / source.width) : lines);
}

/** A frame `height` high with the source's shape. */
export function frameOfHeight(
  source: ProbedVideo,
  height: number,
): { width: number; height: number } {
  return { width: even((height * source.width) / source.height), height };
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Video bitrate for a rendition: 2 Mb/s at 720 lines, scaled by the pixel count's root. */
const kbpsFor = (height: number) => Math.round(2000 * (height / 720) ** 1.5);
const AUDIO_KBPS = 96;

/**
 * The renditions a source gets: each of SERIES_LIMITS.renditionHeights its short side reaches
 * (an upscaled rendition costs bandwidth and shows nothing more), and at least the smallest.
 */
export function renditionLines(source: ProbedVideo): number[] {
  const short = Math.min(source.width, source.height);
  const all: readonly number[] = SERIES_LIMITS.renditionHeights;
  const reached = all.filter((lines) => lines <= short);
  return reached.length > 0 ? reached : [all[0]!];
}

/**
 * Transcodes `input` into one HLS rendition per line count of renditionLines under `outDir`
 * (`{height}p/index.m3u8` and `{height}p/seg_00001.ts`…, MPEG-TS), in one ffmpeg run that
 * decodes the source once. Keyframes are forced every segmentSeconds and scene-cut keyframes are
 * off, so every rendition cuts at the same instants and a player can switch at any segment.
 */
export async function transcodeToHls(
  binaries: FfmpegBinaries,
  input: string,
  source: ProbedVideo,
  outDir: string,
  options: TranscodeOptions,
): Promise<VideoRendition[]> {
  const heights = renditionLines(source);
  const seconds = SERIES_LIMITS.segmentSeconds;
  const frames = heights.map((height) => frameAt(source, height));
  const split = `[0:v:0]split=${heights.length}${heights.map((_, i) => `[s${i}]`).join('')}`;
  const scales = frames.map(
    (f, i) => `[s${i}]scale=${f.width}:${f.height},setsar=1,format=yuv420p[v${i}]`,
  );
  const args = ['-i', input, '-filter_complex', [split, ...scales].join(';')];
  for (const [i, height] of heights.entries()) {
    const dir = path.join(outDir, `${height}p`);
    await mkdir(dir, { recursive: true });
    const kbps = kbpsFor(height);
    args.push('-map', `[v${i}]`);
    if (source.hasAudio)
      args.push(
        '-map',
        '0:a:0',
        '-c:a',
        'aac',
        '-b:a',
        `${AUDIO_KBPS}k`,
        '-ac',
        '2',
        '-ar',
        '48000',
      );
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      options.preset,
      '-profile:v',
      'main',
      '-b:v',
      `${kbps}k`,
      '-maxrate',
      `${Math.round(kbps * 1.2)}k`,
      '-bufsize',
      `${kbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${seconds})`,
      '-sc_threshold',
      '0',
      '-f',
      'hls',
      '-hls_time',
      String(seconds),
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_type',
      'mpegts',
      '-start_number',
      '1',
      '-hls_segment_filename',
      path.join(dir, 'seg_%05d.ts'),
      path.join(dir, 'index.m3u8'),
    );
  }
  await runFfmpeg(binaries.ffmpeg, args, { durationMs: source.durationMs, ...options });

  return Promise.all(
    heights.map(async (height, i) => {
      const playlist = `${height}p/index.m3u8`;
      return {
        ...frames[i]!,
        bandwidth: await peakBandwidth(path.join(outDir, playlist)),
        playlist,
      };
    }),
  );
}

/** The highest bits per second of any segment, as HLS's BANDWIDTH attribute means it. */
async function peakBandwidth(playlistFile: string): Promise<number> {
  const lines = (await readFile(playlistFile, 'utf8')).split('\n');
  let peak = 0;
  for (const [i, line] of lines.entries()) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    const segment = lines[i + 1]?.trim();
    if (!extinf || !segment) continue;
    const { size } = await stat(path.join(path.dirname(playlistFile), segment));
    peak = Math.max(peak, Math.ceil((size * 8) / Math.max(Number(extinf[1]), 0.5)));
  }
  return peak;
}

/** The master playlist: each rendition with its peak bandwidth, frame size and codecs. */
export function masterPlaylist(renditions: VideoRendition[], hasAudio: boolean): string {
  const codecs = hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`,
      r.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}
