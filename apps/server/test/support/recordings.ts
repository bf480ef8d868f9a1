import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Real recordings made by ffmpeg for the tests: a tone (speech-like enough for a container) or
 * silence, mono 16 kHz, in the containers browsers record and people upload. Kept in memory and
 * tiny; made once per kind and length.
 */
export type RecordingKind =
  | 'wav'
  | 'webm-opus'
  /** WebM as MediaRecorder streams it: a Segment of unknown size and no Duration anywhere. */
  | 'webm-live'
  | 'ogg-opus'
  | 'ogg-vorbis'
  | 'mp3'
  | 'flac'
  | 'm4a'
  /** Fragmented MP4, as Safari's MediaRecorder writes: no duration in its movie header. */
  | 'm4a-fragmented';

const OUTPUT: Record<RecordingKind, string[]> = {
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  'webm-opus': ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'],
  'webm-live': ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm', '-live', '1'],
  'ogg-opus': ['-c:a', 'libopus', '-b:a', '24k', '-f', 'ogg'],
  'ogg-vorbis': ['-c:a', 'libvorbis', '-q:a', '0', '-f', 'ogg'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  m4a: ['-c:a', 'aac', '-b:a', '32k', '-movflags', '+faststart', '-f', 'mp4'],
  'm4a-fragmented': [
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-f',
    'mp4',
  ],
};

/** Through a file: the MP4 muxer goes back to write its header. */
async function encode(args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'tf-recording-'));
  const file = join(dir, 'out');
  try {
    await run('ffmpeg', ['-v', 'error', ...args, '-ac', '1', '-ar', '16000', '-y', file]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const made = new Map<string, Promise<Buffer>>();

export function recording(
  kind: RecordingKind,
  seconds: number,
  sound: 'tone' | 'silence' = 'tone',
): Promise<Buffer> {
  const key = `${kind}-${seconds}-${sound}`;
  let bytes = made.get(key);
  if (!bytes) {
    const source =
      sound === 'tone' ? `sine=frequency=440:sample_rate=16000` : 'anullsrc=r=16000:cl=mono';
    bytes = encode(['-f', 'lavfi', '-i', source, '-t', String(seconds), ...OUTPUT[kind]]);
    made.set(key, bytes);
  }
  return bytes;
}
