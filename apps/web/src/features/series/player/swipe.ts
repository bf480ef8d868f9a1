/** A vertical swipe moves to the next (up) or previous (down) episode, as in short-drama apps. */
export type SwipeResult = 'next' | 'previous' | 'tap' | null;

/** Shorter than this in both directions, and quick, is a tap (it plays or pauses). */
export const TAP_SLOP_PX = 10;
export const TAP_MAX_MS = 300;
/** A slow drag must cover this share of the frame's height (or this many pixels, whichever is more). */
export const SWIPE_MIN_SHARE = 0.18;
export const SWIPE_MIN_PX = 60;
/** A flick may be shorter when it is fast. */
export const FLICK_MIN_PX = 30;
export const FLICK_PX_PER_MS = 0.5;

/**
 * Reads a finished pointer gesture: `dx`/`dy` from where it went down (dy < 0 is up), over
 * `ms`, on a frame `height` pixels tall. A mostly sideways move is nobody's swipe.
 */
export function readSwipe(dx: number, dy: number, ms: number, height: number): SwipeResult {
  const ady = Math.abs(dy);
  const adx = Math.abs(dx);
  if (ady <= TAP_SLOP_PX && adx <= TAP_SLOP_PX) return ms <= TAP_MAX_MS ? 'tap' : null;
  if (adx >= ady) return null;
  const far = ady >= Math.max(SWIPE_MIN_PX, height * SWIPE_MIN_SHARE);
  const flick = ady >= FLICK_MIN_PX && ady / Math.max(ms, 1) >= FLICK_PX_PER_MS;
  if (!far && !flick) return null;
  return dy < 0 ? 'next' : 'previous';
}
