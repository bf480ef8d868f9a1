/**
 * MP4/M4A: the movie header (moov/mvhd) gives the duration in its own timescale. A fragmented
 * file (Safari's MediaRecorder writes one) leaves it 0 and spreads the timing over its
 * fragments; that answers null and the caller measures another way.
 */

interface Box {
  type: string;
  body: number;
  end: number;
}

function* boxes(bytes: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at) return;
    const end = Math.min(at + size, to);
    yield { type, body, end };
    at = at + size;
  }
}

export function mp4DurationMs(bytes: Buffer): number | null {
  for (const moov of boxes(bytes, 0, bytes.length)) {
    if (moov.type !== 'moov') continue;
    for (const box of boxes(bytes, moov.body, moov.end)) {
      if (box.type !== 'mvhd') continue;
      const v1 = bytes[box.body] === 1;
      const at = box.body + (v1 ? 20 : 12);
      if (at + (v1 ? 12 : 8) > box.end) return null;
      const timescale = bytes.readUInt32BE(at);
      const duration = v1 ? Number(bytes.readBigUInt64BE(at + 4)) : bytes.readUInt32BE(at + 4);
      // All ones means "unknown" in both versions.
      if (timescale === 0 || duration === 0 || duration === 0xffffffff) return null;
      return (duration / timescale) * 1000;
    }
  }
  return null;
}
