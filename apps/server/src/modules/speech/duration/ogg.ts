/**
 * Ogg (Opus or Vorbis): the granule position of the last page is the number of samples played
 * by its end. Opus counts at 48 kHz from the start of its pre-skip; Vorbis at its own rate.
 */

const CAPTURE = Buffer.from('OggS', 'latin1');

/** The first packet of the first page: the codec's identification header. */
function firstPacket(bytes: Buffer): Buffer | null {
  if (bytes.length < 27) return null;
  const segments = bytes[26]!;
  const start = 27 + segments;
  let length = 0;
  for (let i = 0; i < segments; i++) length += bytes[27 + i]!;
  return start + length <= bytes.length ? bytes.subarray(start, start + length) : null;
}

function clock(head: Buffer): { rate: number; skip: number } | null {
  if (head.length >= 12 && head.toString('latin1', 0, 8) === 'OpusHead') {
    return { rate: 48_000, skip: head.readUInt16LE(10) };
  }
  if (head.length >= 16 && head.toString('latin1', 0, 7) === '\x01vorbis') {
    return { rate: head.readUInt32LE(12), skip: 0 };
  }
  return null;
}

/** The last complete page header's granule that is set (-1 means no packet ends on a page). */
function lastGranule(bytes: Buffer): number | null {
  let at = bytes.lastIndexOf(CAPTURE);
  while (at >= 0) {
    if (at + 14 <= bytes.length && bytes[at + 4] === 0) {
      const granule = bytes.readBigInt64LE(at + 6);
      if (granule >= 0n) return Number(granule);
    }
    at = at === 0 ? -1 : bytes.lastIndexOf(CAPTURE, at - 1);
  }
  return null;
}

export function oggDurationMs(bytes: Buffer): number | null {
  const head = firstPacket(bytes);
  const codec = head ? clock(head) : null;
  const granule = lastGranule(bytes);
  if (!codec || codec.rate === 0 || granule === null) return null;
  return (Math.max(0, granule - codec.skip) / codec.rate) * 1000;
}
