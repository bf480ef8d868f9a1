import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_NAME } from './media-store.js';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Serves the media store under `<prefix>/media/<hash>.<ext>`: Content-Type from the extension,
 * Range requests (browsers seek and stream audio with them), ETag, and a year of caching, since a
 * name is its content's hash. Anything but a stored name is a 404. No df_id, no token: <audio>
 * loads it like an image, and nothing here is secret.
 */
export async function registerMediaRoutes(app: FastifyInstance, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await app.register(async (media) => {
    // The decoded name is checked before the file server sees it: a traversal attempt in any
    // encoding (`..%2f`, `%5c`, `%00`) is just a name we do not have.
    media.addHook('onRequest', async (request, reply) => {
      const name = (request.params as { '*'?: string })['*'] ?? '';
      if (!MEDIA_NAME.test(name)) return reply.callNotFound();
    });
    await media.register(fastifyStatic, {
      root: dir,
      prefix: '/media/',
      // The SPA registers the plugin too; the reply decorators stay with it.
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => MEDIA_NAME.test(pathName.slice(1)),
      maxAge: ONE_YEAR_MS,
      immutable: true,
    });
  });
}
