import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../play/index.js';
import { DEMO_VIDEOS, locateFfmpeg } from '../../video/index.js';
import { loadSeriesScripts, type SeriesScript, type Shot } from './definition.js';
import { type EpisodeGraph, episodeArgs, TRANSITIONS, transitionInto } from './episode-graph.js';
import { type DemoVideoSpec, renderDemoVideo } from './render.js';
import { layOut } from './timeline.js';

// `npm start` on a machine without an ffmpeg of its own renders the demo series with the static
// build the @ffmpeg-installer package ships: ffmpeg 4.1 of 2018, without xfade (4.3) or amix's
// normalize option (4.4). FFMPEG_PATH names it here, so this runs it even where the system has a
// newer ffmpeg, as the test machines do.
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const shipped = {
  ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
};
const cacheDir = mkdtempSync(path.join(tmpdir(), 'demo-media-shipped-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/**
 * The opening card, then one shot for each kind of cut, in the series' rain scene (its art is the
 * quickest to draw) and mostly without lines (3.5 s a shot): every layer an episode has, ~22 s.
 */
function everyCut(script: SeriesScript): DemoVideoSpec {
  const scenes = Object.keys(script.scenes);
  const scene = scenes.find((s) => script.scenes[s]!.motif === 'rain') ?? scenes[0]!;
  const shots: Shot[] = script.episodes
    .flatMap((e) => e.shots)
    .filter((s) => s.cast.length > 0)
    .slice(0, TRANSITIONS.length)
    .map((shot, i) => ({ ...shot, scene, lines: i === 0 ? shot.lines.slice(0, 1) : [] }));
  return {
    series: script,
    name: 'every-cut',
    shots: [{ scene, cast: [], lines: [] }, ...shots],
    episodeLabel: '01',
  };
}

async function probe(file: string) {
  const { stdout } = await run(shipped.ffprobe, [
    ...['-v', 'error', '-of', 'json', '-count_frames', '-show_entries'],
    'format=duration:stream=codec_type,codec_name,width,height,avg_frame_rate,channels,nb_read_frames',
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      avg_frame_rate: string;
      channels?: number;
      nb_read_frames?: string;
    }[];
  };
}

/**
 * Mean loudness (dB) of a file's sound between two times, in stereo at 44.1 kHz as the episodes
 * have it (a mono theme made stereo is 3 dB quieter a channel), as ffmpeg's volumedetect hears it.
 */
async function meanVolume(file: string, from: number, seconds: number): Promise<number> {
  const stereo = 'aformat=sample_rates=44100:channel_layouts=stereo,volumedetect';
  const { stderr } = await run(shipped.ffmpeg, [
    ...['-hide_banner', '-ss', `${from}`, '-t', `${seconds}`, '-i', file],
    ...['-map', '0:a', '-af', stereo, '-f', 'null', '-'],
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
}

/** The filters a filtergraph names (quoted option values set aside). */
function filtersOf(graph: string): Set<string> {
  const names = graph
    .replace(/'[^']*'/g, "''")
    .split(/[;,]/)
    .map((part) =>
      part
        .replace(/^(\[[^\]]*\])+/, '')
        .split(/[=[]/, 1)[0]!
        .trim(),
    );
  return new Set(names.filter(Boolean));
}

describe('the demo series with the ffmpeg the npm package ships', () => {
  it('draws every cut with filters the start-up checks for, none newer than ffmpeg 4.1', async () => {
    const [script] = await loadSeriesScripts();
    const timed = layOut(everyCut(script!).shots);
    const graph: EpisodeGraph = {
      shots: timed.shots.map((t) => ({
        timed: t,
        background: 'scene.png',
        atmosphere: { file: 'air.png', falling: true },
        figures: [{ files: ['a.png', 'b.png'], switchAt: 1, size: 'focus', side: 'left' }],
      })),
      seconds: timed.seconds,
      grade: 'grade.png',
      titleCard: 'card.png',
      music: 'theme.mp3',
      musicOffset: 0,
    };
    expect(timed.shots.slice(1).map((_, i) => transitionInto(i + 1))).toEqual([...TRANSITIONS]);
    const args = episodeArgs(graph, { fps: 12, preset: 'ultrafast' }, 'out.mp4');
    const used = filtersOf(args[args.indexOf('-filter_complex') + 1]!);
    expect([...used].sort()).toEqual([...DEMO_VIDEOS.filters].sort());
    expect(used.has('xfade')).toBe(false);
    expect(args.join(' ')).not.toContain('normalize');
    expect(args[args.indexOf('-c:v') + 1]).toBe(DEMO_VIDEOS.encoders[0]);
  });

  it('renders an episode with every kind of cut into a whole H.264/AAC video', async () => {
    const found = await locateFfmpeg({
      ...process.env,
      FFMPEG_PATH: shipped.ffmpeg,
      FFPROBE_PATH: shipped.ffprobe,
    });
    expect(found).toMatchObject({ ...shipped, source: 'env' });
    const [script] = await loadSeriesScripts();
    const video = await renderDemoVideo(everyCut(script!), {
      ffmpeg: found.ffmpeg,
      cacheDir,
      contentDir: CONTENT_DIR,
      encoding: { fps: 12, preset: 'ultrafast' },
    });
    expect(video.cached).toBe(false);

    const { format, streams } = await probe(video.file);
    expect(Math.abs(Number(format.duration) - video.seconds)).toBeLessThan(0.2);
    const picture = streams.find((s) => s.codec_type === 'video');
    expect(picture).toMatchObject({
      codec_name: 'h264',
      width: 720,
      height: 1280,
      avg_frame_rate: '12/1',
    });
    // Every frame there and decodable: the shots, their cuts and the last fade.
    expect(Number(picture?.nb_read_frames)).toBe(Math.ceil(video.seconds * 12 - 1e-6));
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({
      codec_name: 'aac',
      channels: 2,
    });

    // The theme plays at its own level under the picture: mixing in the opening hit did not
    // halve it (what amix does without normalize=0, which ffmpeg 4.1 has not).
    const theme = path.join(CONTENT_DIR, script!.music, 'audio', 'theme.mp3');
    const level = await meanVolume(video.file, 3, video.seconds - 6);
    expect(Math.abs(level - (await meanVolume(theme, 0, 20)))).toBeLessThan(1.5);
  }, 120_000);
});
