import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { portraitSvg, sceneSvg } from '../../play/index.js';
import type { SeriesScript, Shot } from './definition.js';
import { type DemoEncoding, type EpisodeGraph, episodeArgs, type Figure } from './episode-graph.js';
import { ShotArt } from './shot-art.js';
import { cuesOf, layOut, webVtt } from './timeline.js';

/** Bump when the look changes in code (motion, layout, encoding): cached videos are made again. */
const RENDER_VERSION = 4;

/** One video to make: an episode, or a clip cut from a series' shots. */
export interface DemoVideoSpec {
  series: SeriesScript;
  /** e.g. episode-03, clip-1: names the cached files. */
  name: string;
  shots: Shot[];
  /** The opening card's number; null for a clip, which opens straight into the action. */
  episodeLabel: string | null;
}

export interface DemoVideo {
  file: string;
  subtitles: Record<Locale, string>;
  seconds: number;
  /** False when the files were made by this call, true when a cache had them. */
  cached: boolean;
}

const themeFile = (series: SeriesScript, contentDir: string) =>
  path.join(contentDir, series.music, 'audio', 'theme.mp3');

/** Every input that shapes the video, art included, so an edit anywhere makes it again. */
function recipeHash(spec: DemoVideoSpec, encoding: DemoEncoding, music: Buffer): string {
  const { series } = spec;
  const art = spec.shots.map((shot) => ({
    ...shot,
    scene: sceneSvg(shot.scene, series.scenes[shot.scene]!),
    cast: shot.cast.map((c) =>
      [c.expression, c.then ?? c.expression].map((e) =>
        portraitSvg(series.characters[c.who]!.face, e),
      ),
    ),
  }));
  return createHash('sha256')
    .update(
      JSON.stringify({
        v: RENDER_VERSION,
        encoding,
        art,
        label: spec.episodeLabel,
        // Sides of the frame and the card's accent follow the order of the characters.
        characters: Object.entries(series.characters).map(([key, c]) => [key, c.face.accent]),
      }),
    )
    .update(music)
    .digest('hex')
    .slice(0, 16);
}

/** A character keeps its side of the frame all series long: the first-listed stand left. */
function sideOf(series: SeriesScript, who: string): 'left' | 'right' {
  return Object.keys(series.characters).indexOf(who) % 2 ? 'right' : 'left';
}

async function layers(spec: DemoVideoSpec, art: ShotArt, timed: ReturnType<typeof layOut>) {
  const { series } = spec;
  return Promise.all(
    timed.shots.map(async (t) => {
      const { shot } = t;
      const close = shot.framing === 'close';
      const [focus, other] = shot.cast;
      const figure = async (
        member: NonNullable<typeof focus>,
        size: Figure['size'],
        side: Figure['side'],
      ): Promise<Figure> => {
        const face = series.characters[member.who]!.face;
        const first = await art.portrait(member.who, face, member.expression, size);
        const files: Figure['files'] =
          member.then && member.then !== member.expression
            ? [first, await art.portrait(member.who, face, member.then, size)]
            : [first];
        return { files, size, side, switchAt: t.seconds * 0.55 };
      };
      // No one: an establishing shot. One, or a close-up: in the middle. Two: the speaker keeps
      // their side, the listener takes the other, in front.
      const figures: Figure[] = [];
      if (focus && (close || !other)) {
        figures.push(await figure(focus, close ? 'close' : 'focus', 'centre'));
      } else if (focus && other) {
        const side = sideOf(series, focus.who);
        const facing = side === 'left' ? 'right' : 'left';
        figures.push(await figure(focus, 'focus', side), await figure(other, 'beside', facing));
      }
      const style = series.scenes[shot.scene]!;
      return {
        timed: t,
        background: await art.scene(shot.scene, style),
        atmosphere: {
          file: await art.atmosphere(shot.scene, style),
          falling: style.motif === 'rain',
        },
        figures,
      };
    }),
  );
}

function run(ffmpeg: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    // Below the server's own priority: players' requests come before demo videos.
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Already gone: its close event says how.
    }
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${errors.trim()}`)),
    );
  });
}

/**
 * Makes one demo video and its subtitles into `cacheDir`, named by the hash of everything that
 * shapes them, or finds them there. The mp4 is renamed into place last, so its presence means the
 * whole set is complete, and servers sharing a cache never read a half-written file.
 */
export async function renderDemoVideo(
  spec: DemoVideoSpec,
  options: {
    ffmpeg: string;
    cacheDir: string;
    contentDir: string;
    encoding: DemoEncoding;
    signal?: AbortSignal;
  },
): Promise<DemoVideo> {
  const music = themeFile(spec.series, options.contentDir);
  const timed = layOut(spec.shots);
  const subtitles = webVtt(cuesOf(timed.shots));
  const dir = path.join(options.cacheDir, spec.series.slug);
  const hash = recipeHash(spec, options.encoding, await readFile(music));
  const base = path.join(dir, `${spec.name}-${hash}`);
  const file = `${base}.mp4`;
  const result = { file, subtitles, seconds: timed.seconds };
  if (existsSync(file)) return { ...result, cached: true };

  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(path.join(dir, '.work-'));
  try {
    const art = new ShotArt(work);
    const accent = Object.values(spec.series.characters)[0]!.face.accent;
    const graph: EpisodeGraph = {
      shots: await layers(spec, art, timed),
      seconds: timed.seconds,
      grade: await art.grade(),
      titleCard: spec.episodeLabel ? await art.titleCard(spec.episodeLabel, accent) : null,
      music,
      musicOffset: Number.parseInt(hash.slice(0, 4), 16) % 20,
    };
    const partial = path.join(work, 'video.mp4');
    await run(options.ffmpeg, episodeArgs(graph, options.encoding, partial), options.signal);
    for (const locale of LOCALES) await writeFile(`${base}.${locale}.vtt`, subtitles[locale]);
    await rename(partial, file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { ...result, cached: false };
}
