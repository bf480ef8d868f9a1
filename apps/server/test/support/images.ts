import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A picture split down the middle: red on the left, blue on the right (to see a crop land). */
export function halvesPng(width = 400, height = 200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({
    create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .composite([
      {
        input: {
          create: {
            width: width - half,
            height,
            channels: 3,
            background: { r: 20, g: 20, b: 220 },
          },
        },
        left: half,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** A camera's JPEG: GPS position, maker and a comment in its EXIF. */
export function jpegWithGps(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Spycam', Model: 'Tracker 9', ImageDescription: 'home address' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2670/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3999/100',
      },
    })
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few kilobytes whose header declares `side` × `side`
 * pixels, its rows all zeros (which deflate to almost nothing). Decoded, 50,000² is 7.5 GB.
 */
export function pngBomb(side = 50_000, rows = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  // Only the first rows are present: enough to start decoding, a few KB on disk.
  const raw = Buffer.alloc(rows * (1 + side * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
