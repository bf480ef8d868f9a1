import { badCard } from '../import/import-error.js';

/**
 * PNG text chunks, as character cards use them: `tEXt` chunks `chara` (V2, base64 JSON) and
 * `ccv3` (V3). Read with every chunk's length and checksum checked, so a damaged file is named
 * as damaged (and where) rather than read as a card that is not there.
 */

const SIGNATURE = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export const isPng = (bytes: Uint8Array) =>
  bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);

/** Every `tEXt` chunk's keyword and text (Latin-1, as PNG defines it). */
export function readPngText(bytes: Uint8Array): Map<string, string> {
  if (!isPng(bytes)) throw badCard('not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const texts = new Map<string, string>();
  let at = 8;
  let ended = false;
  while (at < bytes.length && !ended) {
    if (at + 12 > bytes.length) throw badCard(`PNG cut short at byte ${at}`);
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) throw badCard(`PNG chunk at byte ${at} has no valid type`);
    if (at + 12 + length > bytes.length)
      throw badCard(`PNG chunk ${type} at byte ${at} runs past the end of the file`);
    const body = bytes.subarray(at + 4, at + 8 + length);
    if (crc32(body) !== view.getUint32(at + 8 + length))
      throw badCard(`PNG chunk ${type} at byte ${at} is damaged (checksum mismatch)`);
    if (type === 'tEXt') {
      const data = body.subarray(4);
      const zero = data.indexOf(0);
      if (zero < 1) throw badCard(`PNG text chunk at byte ${at} has no keyword`);
      texts.set(
        Buffer.from(data.subarray(0, zero)).toString('latin1'),
        Buffer.from(data.subarray(zero + 1)).toString('latin1'),
      );
    }
    ended = type === 'IEND';
    at += 12 + length;
  }
  if (!ended) throw badCard('PNG has no end chunk (IEND)');
  return texts;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG with `tEXt` chunks added just before its end chunk. */
export function addPngText(png: Uint8Array, texts: [keyword: string, text: string][]): Uint8Array {
  const iend = png.length - 12;
  const added = texts.map(([keyword, text]) =>
    chunk(
      'tEXt',
      Buffer.concat([
        Buffer.from(keyword, 'latin1'),
        Buffer.from([0]),
        Buffer.from(text, 'latin1'),
      ]),
    ),
  );
  return Buffer.concat([png.subarray(0, iend), ...added, png.subarray(iend)]);
}
