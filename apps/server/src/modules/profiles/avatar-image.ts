import { PROFILE_LIMITS } from '@taleforge/contracts/constants';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../platform/sharp.js';

/** Formats a player may upload: what browsers show in <img>. SVG is not one (it is a document). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type AvatarRefusal = 'not_image' | 'crop_invalid';

export type AvatarImages =
  | { ok: true; large: Buffer; small: Buffer }
  | { ok: false; reason: AvatarRefusal };

/**
 * Reads an upload by its content, never its name or Content-Type: sharp sniffs the format from
 * the first bytes. The header is read before any pixel is decoded, so a decompression bomb (a few
 * kilobytes declaring billions of pixels) is refused without being expanded, and the pixel limit
 * is set on the decoder too. The crop is in the picture's upright pixels (as a browser shows it,
 * EXIF orientation applied). Output is WebP without metadata: GPS position, camera, comments and
 * colour profile are gone (sharp writes none unless asked).
 */
export async function makeAvatarImages(bytes: Buffer, crop: CropRect): Promise<AvatarImages> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: PROFILE_LIMITS.avatarMaxPixels, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, reason: 'not_image' };
  }
  if (meta.width * meta.height > PROFILE_LIMITS.avatarMaxPixels) {
    return { ok: false, reason: 'not_image' };
  }
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (!cropFits(crop, upright)) return { ok: false, reason: 'crop_invalid' };

  try {
    // Decoded and cropped once; both sizes are made from that square.
    const square = await sharp(bytes, options)
      .autoOrient()
      .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
      .resize(512, 512, { fit: 'cover' })
      .png()
      .toBuffer();
    const [large, small] = await Promise.all(
      PROFILE_LIMITS.avatarSizes.map((size) =>
        sharp(square).resize(size, size).webp({ quality: 82 }).toBuffer(),
      ),
    );
    return { ok: true, large: large!, small: small! };
  } catch {
    // A header that parsed but pixels that do not (a truncated or corrupt file).
    return { ok: false, reason: 'not_image' };
  }
}

function cropFits(crop: CropRect, image: { width: number; height: number }): boolean {
  const min = PROFILE_LIMITS.avatarMinCropPx;
  if (crop.width < Math.min(min, image.width) || crop.height < Math.min(min, image.height)) {
    return false;
  }
  return crop.x + crop.width <= image.width && crop.y + crop.height <= image.height;
}
