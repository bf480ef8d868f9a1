/** WAV and FLAC: formats whose header says exactly how long they play. */

/**
 * WAV: the data chunk's size over the fmt chunk's byte rate. A size larger than the bytes that
 * came (or a streaming writer's 0xFFFFFFFF) counts only what came: that is what will be heard.
 */
export function wavDurationMs(bytes: Buffer): number | null {
  let byteRate = 0;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 12 <= bytes.length) byteRate = bytes.readUInt32LE(body + 8);
    if (id === 'data') {
      if (byteRate === 0) return null;
      return (Math.min(size, bytes.length - body) / byteRate) * 1000;
    }
    // Chunks are padded to an even size.
    at = body + size + (size % 2);
  }
  return null;
}

/**
 * FLAC: STREAMINFO, the first metadata block, holds the sample rate (20 bits) and the total
 * number of samples (36 bits); an encoder that did not know the total writes 0.
 */
export function flacDurationMs(bytes: Buffer): number | null {
  const info = 8;
  if (bytes.length < info + 18 || (bytes[4]! & 0x7f) !== 0) return null;
  const sampleRate =
    (bytes[info + 10]! << 12) | (bytes[info + 11]! << 4) | (bytes[info + 12]! >> 4);
  const total = (bytes[info + 13]! & 0x0f) * 2 ** 32 + bytes.readUInt32BE(info + 14);
  if (sampleRate === 0 || total === 0) return null;
  return (total / sampleRate) * 1000;
}
