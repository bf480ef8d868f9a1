import { mpegFrameAt } from './duration/mpeg.js';

/** The containers a recording may come in: what MediaRecorder makes and what people upload. */
export type AudioFormat = 'webm' | 'ogg' | 'wav' | 'mp4' | 'mp3' | 'flac';

export const AUDIO_MIME: Record<AudioFormat, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'audio/mp4',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
};

const startsWith = (bytes: Buffer, text: string, at = 0) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/**
 * The container by its first bytes, never by the Content-Type or a file name a browser or a
 * person chose. A bare MPEG frame sync is two bytes any file may start with, so it counts only
 * when a second valid frame follows where the first one says it ends.
 */
export function sniffAudio(bytes: Buffer): AudioFormat | null {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (startsWith(bytes, 'OggS')) return 'ogg';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return 'wav';
  if (startsWith(bytes, 'ftyp', 4)) return 'mp4';
  if (startsWith(bytes, 'fLaC')) return 'flac';
  if (startsWith(bytes, 'ID3')) return 'mp3';
  const first = mpegFrameAt(bytes, 0);
  if (first && mpegFrameAt(bytes, first.length)) return 'mp3';
  return null;
}
