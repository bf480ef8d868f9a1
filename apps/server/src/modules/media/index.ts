/** What other modules may use of the media store: its interface and the kinds of file it keeps. */
export { createMediaStore } from './create-media-store.js';
export { MEDIA_EXTENSIONS, type MediaExtension, type MediaStore } from './media-store.js';
export { registerMediaRoutes } from './routes.js';
