import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALES } from '@taleforge/contracts/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { CONTENT_DIR } from '../../play/index.js';
import { checkScript, loadSeriesScripts, type SeriesScript } from './definition.js';
import { type DemoVideoSpec, renderDemoVideo } from './render.js';
import { layOut } from './timeline.js';
import { clipSpec, episodeSpec } from './videos.js';

// The demo series are rendered for real: ffmpeg makes the mp4, ffprobe reads it back.
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
const cacheDir = mkdtempSync(path.join(tmpdir(), 'demo-media-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

function probe(file: string) {
  const out = execFileSync(FFPROBE, [
    ...['-v', 'error', '-of', 'json', '-show_entries'],
    'format=duration:stream=codec_type,codec_name,width,height,avg_frame_rate',
    file,
  ]);
  return JSON.parse(out.toString()) as {
    format: { duration: string };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      avg_frame_rate: string;
    }[];
  };
}

/** A small grey frame at `seconds`, to tell a moving picture from a still one. */
function frameAt(file: string, seconds: number): Buffer {
  return execFileSync(FFMPEG, [
    ...['-v', 'error', '-ss', `${seconds}`, '-i', file, '-frames:v', '1'],
    ...['-s', '90x160', '-pix_fmt', 'gray', '-f', 'rawvideo', '-'],
  ]);
}

/** WebVTT cues as [start, end, text], in seconds; throws on anything that is not a cue. */
function parseVtt(text: string): [number, number, string][] {
  const [header, ...blocks] = text.trim().split(/\n\n+/);
  expect(header).toBe('WEBVTT');
  const seconds = (stamp: string) => {
    const [h, m, s] = stamp.split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  return blocks.map((block) => {
    const [, timing, ...words] = block.split('\n');
    const match = /^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})$/.exec(timing ?? '');
    if (!match) throw new Error(`not a cue: ${block}`);
    return [seconds(match[1]!), seconds(match[2]!), words.join('\n')];
  });
}

describe('demo series scripts', () => {
  it('are two or more series of six or more episodes, 20–60 s each, with 8–15 s clips', async () => {
    const scripts = await loadSeriesScripts();
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(scripts.map((s) => s.scriptType)).size).toBeGreaterThanOrEqual(2);
    for (const script of scripts) {
      expect(script.episodes.length).toBeGreaterThanOrEqual(6);
      expect(script.clips.length).toBeGreaterThanOrEqual(1);
      for (const [i] of script.episodes.entries()) {
        const { seconds } = layOut(episodeSpec(script, i + 1).shots);
        expect(seconds, `${script.slug} episode ${i + 1}`).toBeGreaterThanOrEqual(20);
        expect(seconds, `${script.slug} episode ${i + 1}`).toBeLessThanOrEqual(60);
      }
      for (const [i] of script.clips.entries()) {
        const { seconds } = layOut(clipSpec(script, i + 1).shots);
        expect(seconds, `${script.slug} clip ${i + 1}`).toBeGreaterThanOrEqual(8);
        expect(seconds, `${script.slug} clip ${i + 1}`).toBeLessThanOrEqual(15);
      }
    }
  });

  it('refuse a shot in a scene the series does not define, naming where', async () => {
    const [script] = await loadSeriesScripts();
    const broken: SeriesScript = structuredClone(script!);
    broken.episodes[1]!.shots[2]!.scene = 'moon';
    expect(() => checkScript('x.json', broken)).toThrow(
      'x.json: episode 2 shot 3: no scene "moon"',
    );
  });
});

/**
 * Episode 1's opening: its card over the establishing shot, then two spoken shots. Every shot of
 * every episode is drawn the same way, so a few seconds show the look; a whole episode is that,
 * longer (its 20–60 s are checked above, on every episode's layout, which the render matches).
 */
function openingOf(script: SeriesScript): DemoVideoSpec {
  const whole = episodeSpec(script, 1);
  return { ...whole, shots: whole.shots.slice(0, 3) };
}

const defaults = loadConfig({});
/** What players get: the product's own settings. */
const PLAYERS = { fps: defaults.DEMO_VIDEO_FPS, preset: defaults.VIDEO_PRESET };
/** What test servers ask for (DEMO_VIDEO_FPS=12, VIDEO_PRESET=ultrafast): half the frames. */
const DRAFT = { fps: 12, preset: 'ultrafast' };

describe('rendering a demo episode', () => {
  it('makes a 9:16 H.264/AAC video with moving pictures and subtitles in three languages', async () => {
    const [script] = await loadSeriesScripts();
    const options = { ffmpeg: FFMPEG, cacheDir, contentDir: CONTENT_DIR, encoding: PLAYERS };
    const spec = openingOf(script!);
    const video = await renderDemoVideo(spec, options);
    expect(video.cached).toBe(false);

    const { format, streams } = probe(video.file);
    const duration = Number(format.duration);
    expect(Math.abs(duration - video.seconds)).toBeLessThan(0.2);
    const picture = streams.find((s) => s.codec_type === 'video');
    expect(picture).toMatchObject({
      codec_name: 'h264',
      width: 720,
      height: 1280,
      avg_frame_rate: '24/1',
    });
    expect(streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');

    // The camera pans and the rain falls: two moments of one shot are different pictures.
    const [a, b] = [frameAt(video.file, 2), frameAt(video.file, 3)];
    const change = a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(change).toBeGreaterThan(2);

    const base = video.file.replace(/\.mp4$/, '');
    const shownLines = spec.shots.flatMap((s) => s.lines);
    expect(shownLines.length).toBeGreaterThanOrEqual(2);
    for (const locale of LOCALES) {
      const text = readFileSync(`${base}.${locale}.vtt`, 'utf8');
      expect(text).toBe(video.subtitles[locale]);
      const cues = parseVtt(text);
      expect(cues.map(([, , words]) => words)).toEqual(shownLines.map((l) => l[locale]));
      for (const [start, end] of cues) {
        expect(start).toBeGreaterThanOrEqual(0);
        expect(end).toBeGreaterThan(start);
        expect(end).toBeLessThanOrEqual(duration);
      }
      for (const [i, [start]] of cues.slice(1).entries())
        expect(start).toBeGreaterThanOrEqual(cues[i]![1]);
    }

    // A second start finds it in the cache and renders nothing.
    const modified = statSync(video.file).mtimeMs;
    const again = await renderDemoVideo(openingOf(script!), options);
    expect(again).toMatchObject({ file: video.file, cached: true });
    expect(statSync(video.file).mtimeMs).toBe(modified);
  }, 240_000);

  it('makes a clip of 8–15 s without the opening card, at the frame rate it is asked for', async () => {
    const [script] = await loadSeriesScripts();
    const clip = await renderDemoVideo(clipSpec(script!, 1), {
      ffmpeg: FFMPEG,
      cacheDir,
      contentDir: CONTENT_DIR,
      encoding: DRAFT,
    });
    const { format, streams } = probe(clip.file);
    expect(streams.find((s) => s.codec_type === 'video')?.avg_frame_rate).toBe('12/1');
    const duration = Number(format.duration);
    expect(duration).toBeGreaterThanOrEqual(8);
    expect(duration).toBeLessThanOrEqual(15);
    expect(parseVtt(clip.subtitles.ja_JP)).toHaveLength(script!.clips[0]!.shots.length);
  }, 120_000);
});
