import type { FastifyInstance, FastifyReply } from 'fastify';
import { wantedRange } from './byte-range.js';
import { MEDIA_NAME, type MediaStore, mediaTypeOf } from './media-store.js';

const ONE_YEAR_S = 365 * 24 * 3600;

export interface MediaRouteOptions {
  store: MediaStore;
  /** A CDN origin in front of the bucket: requests are redirected there instead of proxied. */
  publicUrl?: string;
}

/**
 * Serves the media store under `<prefix>/media/<hash>.<ext>`, whichever store holds it: the
 * Content-Type of the extension, one byte range (browsers seek and stream audio and video with
 * them), the name as ETag, and a year of caching, since a name is its content's hash. Anything
 * but a stored name is a 404. No df_id, no token: <audio> and <img> load it, and nothing here is
 * secret.
 */
export function registerMediaRoutes(app: FastifyInstance, options: MediaRouteOptions): void {
  const { store, publicUrl } = options;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:name',
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      // Checked before any store sees it: a traversal attempt in any encoding is a name we lack.
      if (!MEDIA_NAME.test(name)) return reply.callNotFound();
      if (publicUrl) return reply.redirect(new URL(name, `${publicUrl}/`).toString(), 302);
      const size = await store.size(name);
      if (size === null) return reply.callNotFound();

      const etag = `"${name.slice(0, name.indexOf('.'))}"`;
      reply
        .header('Content-Type', mediaTypeOf(name))
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const range = wantedRange(request.headers.range, request.headers['if-range'], etag, size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      if (range) {
        reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      }
      const length = range ? range.end - range.start + 1 : size;
      reply.header('Content-Length', length);
      if (request.method === 'HEAD' || length === 0) return reply.send();
      return sendStream(reply, await store.read(name, range ?? undefined));
    },
  });
}

function sendStream(reply: FastifyReply, stream: NodeJS.ReadableStream | null) {
  // Gone between the size and the read (swept, maybe by another node): as if it never was. The
  // file's headers go first: a 404 must not carry its length or a year of caching.
  if (!stream) {
    for (const header of [
      'Content-Type',
      'Content-Length',
      'Content-Range',
      'ETag',
      'Cache-Control',
    ]) {
      reply.removeHeader(header);
    }
    return reply.callNotFound();
  }
  return reply.send(stream);
}
