/**
 * WebM/Matroska. MediaRecorder streams its file, so the Segment and often each Cluster have
 * "unknown" sizes and Info has no Duration; the playing time is then the timecode of the last
 * block (cluster timecode + the block's own offset). When Info does carry a Duration, the
 * larger of the two counts, so a header cannot claim less than the blocks hold.
 */

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Elements that sit beside Clusters: one of them ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74,
  INFO,
  0x1654ae6b,
  CLUSTER,
  0x1c53bb6b,
  0x1043a770,
  0x1254c367,
  0x1941a469,
]);

interface Element {
  id: number;
  body: number;
  /** Where the element ends; null when its size is unknown (a live stream). */
  end: number | null;
}

/** EBML variable-length integer: the length is the position of the first set bit. */
function vint(bytes: Buffer, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, allOnes };
}

function elementAt(bytes: Buffer, at: number): Element | null {
  const id = vint(bytes, at, true);
  if (!id) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  const body = at + id.length + size.length;
  return { id: id.value, body, end: size.allOnes ? null : body + size.value };
}

function uint(bytes: Buffer, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to && i < bytes.length; i++) value = value * 256 + bytes[i]!;
  return value;
}

/** A block's timecode relative to its cluster: after the track number, a signed 16-bit value. */
function blockOffset(bytes: Buffer, body: number): number | null {
  const track = vint(bytes, body, false);
  if (!track || body + track.length + 2 > bytes.length) return null;
  return bytes.readInt16BE(body + track.length);
}

export function webmDurationMs(bytes: Buffer): number | null {
  const header = elementAt(bytes, 0);
  if (!header?.end) return null;
  const segment = elementAt(bytes, header.end);
  if (segment?.id !== SEGMENT) return null;
  const segmentEnd = Math.min(segment.end ?? bytes.length, bytes.length);
  let scale = 1_000_000;
  let declared = 0;
  let lastBlock = -1;
  let clusterTime = 0;
  let at = segment.body;
  while (at < segmentEnd) {
    const element = elementAt(bytes, at);
    if (!element) break;
    const end = element.end ?? segmentEnd;
    if (element.id === CLUSTER) {
      // Its children are read in the same walk, whether its size is known or not.
      clusterTime = 0;
      at = element.body;
      continue;
    }
    if (element.id === INFO) {
      for (let child = elementAt(bytes, element.body); child?.end && child.body < end; ) {
        if (child.id === TIMECODE_SCALE) scale = uint(bytes, child.body, child.end);
        if (child.id === DURATION && child.end - child.body === 8)
          declared = bytes.readDoubleBE(child.body);
        if (child.id === DURATION && child.end - child.body === 4)
          declared = bytes.readFloatBE(child.body);
        child = elementAt(bytes, child.end);
      }
    } else if (element.id === CLUSTER_TIMECODE) {
      clusterTime = uint(bytes, element.body, end);
    } else if (element.id === SIMPLE_BLOCK || element.id === BLOCK) {
      const offset = blockOffset(bytes, element.body);
      if (offset !== null) lastBlock = Math.max(lastBlock, clusterTime + offset);
    } else if (element.id === BLOCK_GROUP) {
      // Descend: its Block is read like a SimpleBlock.
      at = element.body;
      continue;
    } else if (element.end === null && !SEGMENT_CHILDREN.has(element.id)) {
      break;
    }
    at = end;
  }
  if (lastBlock < 0 && declared === 0) return 0;
  return (Math.max(lastBlock, declared) * scale) / 1_000_000;
}
