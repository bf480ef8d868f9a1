import type { SeriesScript, Shot } from './definition.js';
import type { DemoVideoSpec } from './render.js';

const two = (n: number) => String(n).padStart(2, '0');

/** Episode `number` (1-based) of a series as a video to make. */
export function episodeSpec(series: SeriesScript, number: number): DemoVideoSpec {
  return {
    series,
    name: `episode-${two(number)}`,
    shots: series.episodes[number - 1]!.shots,
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
