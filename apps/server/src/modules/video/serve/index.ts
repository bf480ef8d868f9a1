/**
 * Serving a video's HLS files behind signed addresses (decision 38). The app builds it once; the
 * series module receives its `links` to sign what a viewer may play.
 */
import type { FastifyInstance } from 'fastify';
import type { MediaStore } from '../../media/index.js';
import { createMediaSigner } from './media-token.js';
import { registerVideoServeRoutes } from './serve-routes.js';
import { createVideoLinks } from './video-links.js';

export { fileOfKey, type VideoKeys, type VideoLinks } from './video-links.js';

export function createVideoServe(deps: {
  store: MediaStore;
  secret: string;
  /** Where the routes are mounted as the browser sees it: `/{slug}/media/v`. */
  base: string;
  now: () => Date;
}) {
  const signer = createMediaSigner(deps.secret, deps.now);
  return {
    links: createVideoLinks(signer, deps.base),
    registerRoutes(app: FastifyInstance) {
      registerVideoServeRoutes(app, { store: deps.store, signer });
    },
  };
}
