import { type Locale, STATUS } from '@taleforge/contracts';
import { AppError } from '../../platform/http/app-error.js';

/** Where a video's track in one language is kept. */
export const subtitleKey = (videoId: number, locale: Locale) =>
  `video/${videoId}/subs/${locale}.vtt`;

/** Longest subtitle file accepted: a three-hour episode's dialogue is far below it. */
export const MAX_SUBTITLE_CHARS = 2_000_000;

const TIMING =
  /^((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})(\s+[^\r\n]*)?$/;

const invalid = (line: number, why: string): never => {
  throw new AppError(STATUS.SUBTITLE_INVALID, `line ${line}: ${why}`);
};

/** A timestamp in milliseconds; SRT writes a comma where WebVTT writes a dot. */
function millis(stamp: string, line: number): number {
  const [clock, fraction] = stamp.split(/[.,]/) as [string, string];
  const parts = clock.split(':').map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  if (m! > 59 || s! > 59) invalid(line, `"${stamp}" is not a time`);
  return ((h! * 60 + m!) * 60 + s!) * 1000 + Number(fraction);
}

const vttStamp = (ms: number) => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

interface Cue {
  id: string | null;
  start: number;
  end: number;
  settings: string;
  text: string[];
}

/**
 * Reads a WebVTT or SRT file into cues, refusing the first bad one with its line number: a
 * creator fixes the file in a text editor, so the line is what helps. Blocks are separated by
 * blank lines; a block is an optional identifier, one timing line, then text.
 */
function parseCues(text: string, vtt: boolean): Cue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: Cue[] = [];
  let i = 0;
  if (vtt) {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? ''))
      invalid(1, 'a WebVTT file starts with WEBVTT');
    // The header runs to the first blank line.
    while (i < lines.length && lines[i]!.trim() !== '') i++;
  }
  while (i < lines.length) {
    if (lines[i]!.trim() === '') {
      i++;
      continue;
    }
    const first = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (vtt && /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    // A first line that looks like a time is a (maybe broken) timing line, not an identifier.
    const timingAt = /-->|^\s*\d+:\d/.test(block[0]!) ? 0 : 1;
    const timing = block[timingAt]?.trim().match(TIMING);
    if (!timing) {
      const at = block[timingAt] === undefined ? first : first + timingAt;
      invalid(at + 1, 'expected a timing line such as 00:00:01.000 --> 00:00:03.500');
    }
    if (!vtt && timingAt === 1 && !/^\d+$/.test(block[0]!.trim())) {
      invalid(first + 1, 'an SRT cue starts with its number');
    }
    const line = first + timingAt + 1;
    const start = millis(timing![1]!, line);
    const end = millis(timing![2]!, line);
    if (end <= start) invalid(line, 'the cue ends before it starts');
    const text = block.slice(timingAt + 1);
    if (text.length === 0) invalid(line, 'the cue has no text');
    cues.push({
      id: timingAt === 1 && vtt ? block[0]!.trim() : null,
      start,
      end,
      settings: vtt ? (timing![3]?.trim() ?? '') : '',
      text,
    });
  }
  if (cues.length === 0) invalid(lines.length, 'the file has no cue');
  return cues;
}

/**
 * Checks a subtitle upload (WebVTT, or SRT by its shape) and returns it as WebVTT, which is what
 * HLS players and `<track>` read. Throws AppError SUBTITLE_INVALID naming the first bad line.
 */
export function toWebVtt(text: string): string {
  if (text.length > MAX_SUBTITLE_CHARS) invalid(1, 'the file is too long');
  const vtt = text.replace(/^\uFEFF/, '').startsWith('WEBVTT');
  const cues = parseCues(text, vtt);
  const body = cues.map((cue) => {
    const timing = `${vttStamp(cue.start)} --> ${vttStamp(cue.end)}`;
    const head = cue.settings ? `${timing} ${cue.settings}` : timing;
    // A "-->" inside text would read as a timing line, and an empty line would end the cue.
    const lines = cue.text.map((line) => line.replaceAll('-->', '->'));
    return [...(cue.id ? [cue.id] : []), head, ...lines].join('\n');
  });
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}
