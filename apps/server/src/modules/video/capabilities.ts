import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';

const run = promisify(execFile);

/** What one ffmpeg build can do: the names of its filters, encoders and muxers. */
export interface FfmpegCapabilities {
  filters: ReadonlySet<string>;
  encoders: ReadonlySet<string>;
  muxers: ReadonlySet<string>;
}

/** Something the server makes with ffmpeg, and what that asks of the build. */
export interface FfmpegUse {
  /** What it makes, as a sentence names it ("the demo series' videos"). */
  name: string;
  filters: readonly string[];
  encoders: readonly string[];
  muxers: readonly string[];
}

/**
 * The video pipeline (uploads, the media CLI's imports, the demo videos once rendered): HLS
 * renditions in H.264/AAC, a JPEG poster and a thumbnail sprite (transcode.ts).
 */
export const VIDEO_PIPELINE: FfmpegUse = {
  name: 'uploaded and imported videos',
  filters: ['split', 'scale', 'setsar', 'format', 'fps', 'tile'],
  encoders: ['libx264', 'aac', 'mjpeg'],
  muxers: ['hls', 'image2'],
};

/**
 * The demo series' renderer (series/demo/episode-graph.ts, whose test holds it to this list):
 * stills looped into shots, panned and layered, cut into each other, graded, scored, in an mp4.
 * Every one is in ffmpeg 4.1, the static build the npm package ships.
 */
export const DEMO_VIDEOS: FfmpegUse = {
  name: "the demo series' videos",
  filters: [
    'alphamerge',
    'color',
    'concat',
    'crop',
    'fade',
    'format',
    'geq',
    'loop',
    'lut',
    'lutyuv',
    'overlay',
    'scale',
    'setpts',
    'settb',
    'trim',
    'aevalsrc',
    'afade',
    'aformat',
    'amix',
    'asetpts',
    'atrim',
    'volume',
  ],
  encoders: ['libx264', 'aac'],
  muxers: ['mp4'],
};

/** Names listed after the `--`/`------` rule (encoders, muxers) whose flags contain `flag`. */
function namesAfterRule(text: string, flag: string): Set<string> {
  const lines = text.split('\n');
  const rule = lines.findIndex((line) => /^\s*-{2,}\s*$/.test(line));
  const names = new Set<string>();
  for (const line of lines.slice(rule + 1)) {
    const [flags, name] = line.trim().split(/\s+/);
    if (flags && name && flags.includes(flag)) for (const n of name.split(',')) names.add(n);
  }
  return names;
}

/** Filter lines read `flags name in->out description`. */
function filterNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const [flags, name, io] = line.trim().split(/\s+/);
    if (flags && name && io?.includes('->') && /^[A-Z.|]{3}$/.test(flags)) names.add(name);
  }
  return names;
}

const asked = new Map<string, Promise<FfmpegCapabilities>>();

/**
 * Asks an ffmpeg which filters, encoders and muxers it has: three quick runs, once per binary
 * for the life of the process. Rejects when the binary does not answer.
 */
export function ffmpegCapabilities(ffmpeg: string): Promise<FfmpegCapabilities> {
  let answer = asked.get(ffmpeg);
  if (!answer) {
    const list = async (what: string) =>
      (await run(ffmpeg, ['-hide_banner', what], { timeout: 10_000, maxBuffer: 8 << 20 })).stdout;
    answer = Promise.all([list('-filters'), list('-encoders'), list('-muxers')]).then(
      ([filters, encoders, muxers]) => ({
        filters: filterNames(filters),
        encoders: namesAfterRule(encoders, ''),
        muxers: namesAfterRule(muxers, 'E'),
      }),
    );
    asked.set(ffmpeg, answer);
    // A binary that failed to answer is asked again next time (it may have been installed since).
    answer.catch(() => asked.delete(ffmpeg));
  }
  return answer;
}

/** What a build lacks for a use, as `filter xfade`, `encoder libx264`: empty when nothing. */
export function lacking(capabilities: FfmpegCapabilities, use: FfmpegUse): string[] {
  return [
    ...use.filters.filter((f) => !capabilities.filters.has(f)).map((f) => `filter ${f}`),
    ...use.encoders.filter((e) => !capabilities.encoders.has(e)).map((e) => `encoder ${e}`),
    ...use.muxers.filter((m) => !capabilities.muxers.has(m)).map((m) => `format ${m}`),
  ];
}

/** An ffmpeg as locateFfmpeg found it, or only its binary. */
export type NamedFfmpeg = Pick<FfmpegBinaries, 'ffmpeg'> &
  Partial<Pick<FfmpegBinaries, 'source' | 'version'>>;

/** "the system's ffmpeg, version 5.1.6", "the ffmpeg FFMPEG_PATH names (/opt/ffmpeg)". */
export function describeFfmpeg(found: NamedFfmpeg): string {
  const version = /^ffmpeg version (\S+)/.exec(found.version ?? '')?.[1];
  const which =
    found.source === 'env'
      ? `the ffmpeg FFMPEG_PATH names (${found.ffmpeg})`
      : found.source === 'system'
        ? "the system's ffmpeg"
        : found.source === 'npm'
          ? "the static ffmpeg of the npm package (@ffmpeg-installer, built 2018, ffmpeg's 4.1)"
          : `this server's ffmpeg (${found.ffmpeg})`;
  return version && found.source !== 'npm' ? `${which}, version ${version}` : which;
}

const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** How to give the server an ffmpeg that does everything. */
export const FFMPEG_FIX =
  'Install a current ffmpeg (Debian and Ubuntu: apt install ffmpeg), or set FFMPEG_PATH and ' +
  'FFPROBE_PATH to one, and restart';

/**
 * Why `use` cannot be made with this ffmpeg, in words for whoever runs the server (shown where
 * the video would be, and in the start-up notes); null when it can. Rejects like
 * ffmpegCapabilities when the binary does not answer.
 */
export async function ffmpegCannotMake(
  found: NamedFfmpeg | null,
  use: FfmpegUse,
): Promise<string | null> {
  if (!found) return `this server has no ffmpeg. ${FFMPEG_FIX}.`;
  const missing = lacking(await ffmpegCapabilities(found.ffmpeg), use);
  if (missing.length === 0) return null;
  return `${describeFfmpeg(found)} lacks the ${and(missing)} they need. ${FFMPEG_FIX}.`;
}

/**
 * What the start-up should tell whoever runs the server about its ffmpeg, one plain sentence a
 * note: what is missing, what still works, how to fix it. Empty when the ffmpeg can make every
 * video the server makes. `found` is locateFfmpeg's answer, null when it found none. The probe
 * runs once per binary (three `ffmpeg -hide_banner -filters|-encoders|-muxers` runs, ~0.1 s).
 */
export async function ffmpegNotes(
  found: FfmpegBinaries | null,
  uses: readonly FfmpegUse[] = [VIDEO_PIPELINE, DEMO_VIDEOS],
): Promise<string[]> {
  if (!found) {
    return [
      `No ffmpeg was found, so ${and(uses.map((u) => u.name))} cannot be made (the episodes ` +
        `say so); everything else works. ${FFMPEG_FIX}.`,
    ];
  }
  let capabilities: FfmpegCapabilities;
  try {
    capabilities = await ffmpegCapabilities(found.ffmpeg);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
    return [
      `${describeFfmpeg(found)} did not say which filters and encoders it has (${why}), so ` +
        `videos may fail to be made; everything else works. ${FFMPEG_FIX}.`,
    ];
  }
  const broken = uses
    .map((use) => ({ use, missing: lacking(capabilities, use) }))
    .filter((u) => u.missing.length > 0);
  return broken.map(({ use, missing }) => {
    const working = uses.filter((u) => !broken.some((b) => b.use === u)).map((u) => u.name);
    const still = working.length
      ? `everything else works, ${and(working)} too`
      : 'everything else works';
    return (
      `${use.name[0]!.toUpperCase()}${use.name.slice(1)} cannot be made: ${describeFfmpeg(found)} ` +
      `lacks the ${and(missing)}; ${still}. ${FFMPEG_FIX}.`
    );
  });
}
