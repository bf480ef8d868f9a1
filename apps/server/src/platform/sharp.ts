import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded with the first picture made rather than at every start (~0.1 s of a
 * restart, when nothing is drawn). Decoded images are not kept between calls: each picture is
 * made once, then cached as bytes by its caller.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
