import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import type { Shot } from './definition.js';

/** Cross-fade between two shots: long enough to read as a cut with motion, short enough to keep pace. */
export const TRANSITION_S = 0.5;
/** A line needs about this long on screen to be read in any of the three languages. */
const SECONDS_PER_LINE = 2.6;

export interface TimedShot {
  shot: Shot;
  /** When the shot starts to show (the previous one still fades out over TRANSITION_S). */
  start: number;
  seconds: number;
}

export interface Cue {
  start: number;
  end: number;
  text: Record<Locale, string>;
}

/** A shot lasts as long as its lines need: 2.6 s a line plus room to breathe, 3.5–8 s (a shot
 * without lines, such as an establishing one, the least). */
export function shotSeconds(shot: Shot): number {
  return Math.min(8, Math.max(3.5, 1.8 + SECONDS_PER_LINE * shot.lines.length));
}

export function layOut(shots: Shot[]): { shots: TimedShot[]; seconds: number } {
  const timed: TimedShot[] = [];
  let start = 0;
  for (const shot of shots) {
    const seconds = shotSeconds(shot);
    timed.push({ shot, start, seconds });
    start += seconds - TRANSITION_S;
  }
  return { shots: timed, seconds: start + TRANSITION_S };
}

/**
 * Each shot's lines share its time evenly, from just after the cut until the next cross-fade
 * begins, so a line never hangs over a shot where nobody says it.
 */
export function cuesOf(timed: TimedShot[]): Cue[] {
  const cues: Cue[] = [];
  for (const [i, { shot, start, seconds }] of timed.entries()) {
    if (!shot.lines.length) continue;
    const from = start + (i === 0 ? 0.6 : 0.3);
    const to = start + seconds - TRANSITION_S - 0.1;
    const each = (to - from) / shot.lines.length;
    shot.lines.forEach((text, l) => {
      cues.push({ start: from + l * each, end: from + (l + 1) * each - 0.08, text });
    });
  }
  return cues;
}

function stamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT per interface language, one cue per spoken line. */
export function webVtt(cues: Cue[]): Record<Locale, string> {
  const files = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const body = cues.map(
      (cue, i) => `${i + 1}\n${stamp(cue.start)} --> ${stamp(cue.end)}\n${cue.text[locale]}\n`,
    );
    files[locale] = `WEBVTT\n\n${body.join('\n')}`;
  }
  return files;
}
