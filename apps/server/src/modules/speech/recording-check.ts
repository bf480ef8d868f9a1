import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../platform/http/app-error.js';
import { type AudioFormat, sniffAudio } from './audio-format.js';
import { mp4DurationMs } from './duration/mp4.js';
import { mpegDurationMs } from './duration/mpeg.js';
import { oggDurationMs } from './duration/ogg.js';
import { flacDurationMs, wavDurationMs } from './duration/wav-flac.js';
import { webmDurationMs } from './duration/webm.js';
import { probeDurationMs } from './probe-duration.js';

const READ_DURATION: Record<AudioFormat, (bytes: Buffer) => number | null> = {
  webm: webmDurationMs,
  ogg: oggDurationMs,
  wav: wavDurationMs,
  mp4: mp4DurationMs,
  mp3: mpegDurationMs,
  flac: flacDurationMs,
};

/**
 * The browser stops recording at 60 s, but MediaRecorder hands over its last chunk a little
 * after (one timeslice, a few hundred ms at most); a recording the button made must never be
 * refused for that.
 */
const DURATION_GRACE_MS = 500;

export interface CheckedRecording {
  format: AudioFormat;
  /** Null only when nothing on this machine could measure it (no ffprobe); the size still bounds it. */
  durationMs: number | null;
}

/**
 * Everything the speech service must not be asked about, refused before it is: no bytes or too
 * short to hold speech (6409), not audio by its content (6407), over the size or 60 s (6408).
 * Durations are read from the container in code, which costs microseconds; ffprobe runs only
 * for a container whose timing the code cannot read.
 */
export async function checkRecording(bytes: Buffer): Promise<CheckedRecording> {
  if (bytes.length === 0) throw new AppError(STATUS.VOICE_EMPTY);
  if (bytes.length > ASSISTANT_LIMITS.audioMaxBytes) throw new AppError(STATUS.VOICE_TOO_LONG);
  const format = sniffAudio(bytes);
  if (!format) throw new AppError(STATUS.VOICE_NOT_AUDIO);
  let durationMs = READ_DURATION[format](bytes);
  if (durationMs === null) {
    const probed = await probeDurationMs(bytes);
    if (probed === 'unreadable') throw new AppError(STATUS.VOICE_NOT_AUDIO);
    durationMs = probed === 'no-prober' ? null : probed.ms;
  }
  if (durationMs !== null) {
    if (durationMs > ASSISTANT_LIMITS.recordingMaxMs + DURATION_GRACE_MS) {
      throw new AppError(STATUS.VOICE_TOO_LONG);
    }
    if (durationMs < ASSISTANT_LIMITS.recordingMinMs) throw new AppError(STATUS.VOICE_EMPTY);
  }
  return { format, durationMs };
}
