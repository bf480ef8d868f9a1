/** What other modules may use of the media store: its interface and the kinds of file it keeps. */
export { wantedRange } from './byte-range.js';
export { createMediaStore } from './create-media-store.js';
export {
  type ByteRange,
  MEDIA_EXTENSIONS,
  MEDIA_KEY,
  type MediaExtension,
  type MediaStore,
  mediaTypeOf,
  type StoredName,
} from './media-store.js';
export { type MediaSweep, sweepMedia } from './media-sweep.js';
export { registerMediaRoutes } from './routes.js';
