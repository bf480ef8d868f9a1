/** MPEG audio (MP3 and its layer I/II siblings): frames walked one by one, no decoding. */

const KBPS: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, number[]> = {
  1: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  25: [11_025, 12_000, 8_000],
};

export interface MpegFrame {
  length: number;
  samples: number;
  sampleRate: number;
}

/** The frame whose header starts at `at`, or null when no valid header is there. */
export function mpegFrameAt(bytes: Buffer, at: number): MpegFrame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const versionBits = (b1 >> 3) & 3;
  const layer = 4 - ((b1 >> 1) & 3);
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Reserved version or layer, "free" or bad bitrate, reserved sample rate: not a frame.
  if (versionBits === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15) return null;
  if (rateIndex === 3) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 25;
  const kbps = KBPS[`${version === 1 ? 1 : 2}-${version === 1 ? layer : Math.min(layer, 2)}`]!;
  const bitrate = kbps[bitrateIndex]! * 1000;
  const sampleRate = RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) {
    return {
      length: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4,
      samples: 384,
      sampleRate,
    };
  }
  const samples = layer === 3 && version !== 1 ? 576 : 1152;
  return {
    length: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding,
    samples,
    sampleRate,
  };
}

/** Where the audio starts: after an ID3v2 tag (and its footer) when there is one. */
function afterId3(bytes: Buffer): number {
  if (bytes.length < 10 || bytes.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  return 10 + size + ((bytes[5]! & 0x10) !== 0 ? 10 : 0);
}

/** LAME's Xing/Info frame: a silent frame of metadata that decoders do not play. */
function isInfoFrame(bytes: Buffer, at: number, frame: MpegFrame): boolean {
  const head = bytes.toString('latin1', at + 4, Math.min(at + 40, at + frame.length));
  return head.includes('Xing') || head.includes('Info');
}

/**
 * The playing time of every frame present, summed: exact for constant and variable bitrates
 * alike, where a Xing header or the file size would only be as honest as the encoder. Bytes
 * between frames (a trailing ID3v1 tag, junk) are skipped until the next frame.
 */
export function mpegDurationMs(bytes: Buffer): number | null {
  let at = afterId3(bytes);
  let seconds = 0;
  let frames = 0;
  while (at + 4 <= bytes.length) {
    const frame = mpegFrameAt(bytes, at);
    if (!frame) {
      at += 1;
      continue;
    }
    if (!isInfoFrame(bytes, at, frame)) seconds += frame.samples / frame.sampleRate;
    frames += 1;
    at += frame.length;
  }
  return frames === 0 ? null : seconds * 1000;
}
