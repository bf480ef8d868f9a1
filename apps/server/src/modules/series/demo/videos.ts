import type { SeriesScript, Shot } from './definition.js';
import type { DemoVideoSpec } from './render.js';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Episode `number` (1-based) of a series as a video to make. It opens on its first scene with
 * nobody in it, under the episode card, before the first line is spoken.
 */
export function episodeSpec(series: SeriesScript, number: number): DemoVideoSpec {
  const shots = series.episodes[number - 1]!.shots;
  const establishing: Shot = { scene: shots[0]!.scene, cast: [], lines: [] };
  return {
    series,
    name: `episode-${two(number)}`,
    shots: [establishing, ...shots],
    episodeLabel: two(number),
  };
}

/** Clip `number` (1-based): its shots again, each with the one line the clip keeps. */
export function clipSpec(series: SeriesScript, number: number): DemoVideoSpec {
  const shots: Shot[] = series.clips[number - 1]!.shots.map((ref) => {
    const shot = series.episodes[ref.episode - 1]!.shots[ref.shot - 1]!;
    return { ...shot, lines: [shot.lines[(ref.line ?? 1) - 1]!] };
  });
  return { series, name: `clip-${number}`, shots, episodeLabel: null };
}
