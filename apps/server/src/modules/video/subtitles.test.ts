import { STATUS } from '@taleforge/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { toWebVtt } from './subtitles.js';

function refusal(text: string): AppError {
  try {
    toWebVtt(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('subtitle uploads', () => {
  it('turns SRT into WebVTT: dots for commas, numbers dropped, text kept', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n\r\n2\r\n00:00:03,000 --> 00:01:04,250\r\nTwo\r\nlines\r\n';
    expect(toWebVtt(srt)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello\n\n00:00:03.000 --> 00:01:04.250\nTwo\nlines\n',
    );
  });

  it('keeps a WebVTT file its cues, identifiers and settings, and drops notes', () => {
    const vtt =
      'WEBVTT - episode 1\n\nNOTE made by hand\n\nintro\n00:01.000 --> 00:02.000 line:90%\n你好\n\n00:00:03.000 --> 00:00:04.000\nさようなら\n';
    expect(toWebVtt(vtt)).toBe(
      'WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.000 line:90%\n你好\n\n00:00:03.000 --> 00:00:04.000\nさようなら\n',
    );
  });

  it('names the line of the first bad cue', () => {
    const badTiming =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:03.000 -> 00:00:04.000\nbroken\n';
    const error = refusal(badTiming);
    expect(error.status).toBe(STATUS.SUBTITLE_INVALID);
    expect(error.detail).toMatch(/^line 6:/);

    expect(refusal('1\n00:00:05,000 --> 00:00:04,000\nbackwards\n').detail).toMatch(
      /^line 2: .*ends before/,
    );
    expect(refusal('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\n').detail).toMatch(
      /^line 3: .*no text/,
    );
    expect(refusal('WEBVTT\n\n00:00:61.000 --> 00:01:02.000\nx\n').detail).toMatch(
      /^line 3: .*not a time/,
    );
    expect(refusal('not subtitles at all').detail).toMatch(/^line 1:/);
    expect(refusal('WEBVTT\n').detail).toMatch(/no cue/);
  });
});
