import { PROFILE_LIMITS } from '@taleforge/contracts/constants';
import { loadSharp } from '../../platform/sharp.js';

/** What browsers show in <img>; SVG is a document, not a picture, and is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/** A cover is shown like the generated ones (800 × 500 scenes, at 1.2×); an expression as a square face. */
export const IMAGE_SIZES = {
  cover: { width: 960, height: 600 },
  expression: { width: 512, height: 512 },
} as const;

/**
 * An uploaded picture as we keep it: read by its content (never its name or type), refused when
 * it is not a picture or declares more pixels than we decode (a decompression bomb is refused from
 * its header, before any pixel is expanded), turned upright, cropped to fill the frame and written
 * as WebP without metadata (no GPS, camera or comments survive). Null: not a usable picture.
 */
export async function workImage(
  bytes: Buffer,
  kind: keyof typeof IMAGE_SIZES,
): Promise<Buffer | null> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: PROFILE_LIMITS.avatarMaxPixels, failOn: 'error' } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return null;
    }
    if (meta.width * meta.height > PROFILE_LIMITS.avatarMaxPixels) return null;
    const { width, height } = IMAGE_SIZES[kind];
    return await sharp(bytes, options)
      .autoOrient()
      .resize(width, height, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that parsed but pixels that do not (a truncated or corrupt file).
    return null;
  }
}
