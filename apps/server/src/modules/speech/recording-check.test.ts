import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATUS } from '@taleforge/contracts/status';
import { describe, expect, it } from 'vitest';
import { recording } from '../../../test/support/recordings.js';
import { AppError } from '../../platform/http/app-error.js';
import { sniffAudio } from './audio-format.js';
import { mp4DurationMs } from './duration/mp4.js';
import { webmDurationMs } from './duration/webm.js';
import { checkRecording } from './recording-check.js';

// Recordings are judged by their bytes: real files made by ffmpeg, measured in code, against
// what ffprobe says they last.

/** Each test has ffmpeg make its recordings (eight of a minute in one): seconds while the rest
 * of the suite holds both cores, well past Vitest's default 5 s. */
const MAKING = { timeout: 60_000 };

const refusal = (bytes: Buffer) =>
  checkRecording(bytes).then(
    () => null,
    (error: unknown) => (error instanceof AppError ? error.status : error),
  );

/** ffprobe's own figure, the reference every reader here is held to. */
function probedMs(bytes: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'tf-probe-'));
  try {
    writeFileSync(join(dir, 'audio'), bytes);
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(dir, 'audio')],
      { encoding: 'utf8' },
    );
    return Number(out.trim()) * 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('what a recording is, by its content', MAKING, () => {
  it.each([
    ['wav', 'wav'],
    ['webm-opus', 'webm'],
    ['ogg-opus', 'ogg'],
    ['ogg-vorbis', 'ogg'],
    ['mp3', 'mp3'],
    ['flac', 'flac'],
    ['m4a', 'mp4'],
  ] as const)(
    '%s is %s, and plays as long as ffprobe says (within 100 ms)',
    async (kind, format) => {
      const bytes = await recording(kind, 2);
      expect(sniffAudio(bytes)).toBe(format);
      const checked = await checkRecording(bytes);
      expect(checked.format).toBe(format);
      expect(checked.durationMs).not.toBeNull();
      expect(Math.abs(checked.durationMs! - 2000)).toBeLessThan(100);
      if (format !== 'webm')
        expect(Math.abs(checked.durationMs! - probedMs(bytes))).toBeLessThan(100);
    },
  );

  it('an MP3 without its ID3 tag is still found by two frames in a row', async () => {
    const bytes = await recording('mp3', 1);
    const id3 = bytes.toString('latin1', 0, 3) === 'ID3' ? 10 + bytes.readUInt32BE(6) : 0;
    expect(sniffAudio(bytes.subarray(id3 > 0 ? id3 : 0))).toBe('mp3');
  });

  it('is not fooled by a label: PNG, text, JSON and noise starting with a frame sync are not audio', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const fakeSync = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc0]), Buffer.alloc(600, 7)]);
    for (const bytes of [
      png,
      Buffer.from('hello, this is text'),
      Buffer.from('{"a":1}'),
      fakeSync,
    ]) {
      expect(sniffAudio(bytes)).toBeNull();
      expect(await refusal(bytes)).toBe(STATUS.VOICE_NOT_AUDIO);
    }
  });
});

describe('durations a recorder does not write down', MAKING, () => {
  it('WebM as MediaRecorder streams it (unknown sizes, no Duration) is timed by its last block', async () => {
    const bytes = await recording('webm-live', 3);
    // ffprobe itself cannot say from the header.
    expect(Number.isNaN(probedMs(bytes))).toBe(true);
    expect(Math.abs(webmDurationMs(bytes)! - 3000)).toBeLessThan(100);
    expect(await refusal(await recording('webm-live', 61))).toBe(STATUS.VOICE_TOO_LONG);
    expect(await refusal(await recording('webm-live', 0.2))).toBe(STATUS.VOICE_EMPTY);
  });

  it('a fragmented MP4 (Safari) has no movie duration and is measured by ffprobe from memory', async () => {
    const bytes = await recording('m4a-fragmented', 2);
    expect(mp4DurationMs(bytes)).toBeNull();
    const checked = await checkRecording(bytes);
    expect(Math.abs(checked.durationMs! - 2000)).toBeLessThan(150);
  });
});

describe('refusals before any speech service is asked', MAKING, () => {
  it('no bytes, or a recording shorter than a press that records (400 ms), is 6409', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe(STATUS.VOICE_EMPTY);
    expect(await refusal(await recording('wav', 0.2))).toBe(STATUS.VOICE_EMPTY);
    expect(await refusal(await recording('webm-opus', 0.2))).toBe(STATUS.VOICE_EMPTY);
  });

  it('61 s is 6408 in every container; 60 s passes', async () => {
    for (const kind of ['wav', 'webm-opus', 'ogg-opus', 'mp3'] as const) {
      expect(await refusal(await recording(kind, 61))).toBe(STATUS.VOICE_TOO_LONG);
    }
    expect(await refusal(await recording('webm-opus', 60))).toBeNull();
  });

  it('a WAV header claiming more than the bytes hold counts what came', async () => {
    const bytes = Buffer.from(await recording('wav', 1));
    bytes.writeUInt32LE(0xffffffff, bytes.indexOf('data') + 4);
    expect((await checkRecording(bytes)).durationMs).toBeCloseTo(1000, -1);
  });

  it('a truncated container whose length cannot be read anywhere is not audio (6407)', async () => {
    const bytes = await recording('m4a-fragmented', 1);
    expect(await refusal(bytes.subarray(0, 40))).toBe(STATUS.VOICE_NOT_AUDIO);
  });
});
