/** Sharing: the link previews (Open Graph, Twitter card) of works and profiles in the SPA's HTML. */
export { createSharePages, type SharePagesDeps } from './share-pages.js';
