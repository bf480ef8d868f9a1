import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_KEY, type MediaStore, wantedRange } from '../../media/index.js';
import type { MediaSigner } from './media-token.js';

const YEAR_S = 365 * 24 * 3600;

/**
 * What each kind of file is served as. Segments, posters and sprites never change under their
 * address (a retried transcode writes the same bytes), so they are cached for good; playlists and
 * subtitles may be replaced (a corrected subtitle upload), so only briefly. `private`: the address
 * is the viewer's own grant, not for a shared cache to hand to others.
 */
const FILE_TYPES: Record<string, { type: string; cache: string }> = {
  m3u8: { type: 'application/vnd.apple.mpegurl', cache: 'private, max-age=60' },
  ts: { type: 'video/mp2t', cache: `private, max-age=${YEAR_S}, immutable` },
  m4s: { type: 'video/iso.segment', cache: `private, max-age=${YEAR_S}, immutable` },
  mp4: { type: 'video/mp4', cache: `private, max-age=${YEAR_S}, immutable` },
  jpg: { type: 'image/jpeg', cache: `private, max-age=${YEAR_S}, immutable` },
  vtt: { type: 'text/vtt; charset=utf-8', cache: 'private, max-age=300' },
};

/**
 * A file of a video's folder as the pipeline names them (`master.m3u8`, `720p/seg_00001.ts`,
 * `subs/en_US.vtt`): at most two folders deep, letters, digits, `_` and `-`, one dot before the
 * extension. No spelling of a traversal, an absolute path or an empty part matches.
 */
const VIDEO_FILE = /^(?:[A-Za-z0-9_-]{1,64}\/){0,2}[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,5}$/;
const VIDEO_ID = /^[1-9][0-9]{0,14}$/;

type Params = { videoId: string; token: string; '*': string };

/**
 * Serves a video's files from the media store at `{prefix}/media/v/{videoId}/{token}/{file}`, only
 * when the token (media-token.ts) allows that file: a missing, forged or expired token is a 403
 * before anything is read; a file name outside the video's folder (`..`, an encoded slash, an
 * unknown kind) a 404 before anything is read. One byte range per request, as players ask.
 */
export function registerVideoServeRoutes(
  app: FastifyInstance,
  deps: { store: MediaStore; signer: MediaSigner },
): void {
  const { store, signer } = deps;
  app.route<{ Params: Params }>({
    method: ['GET', 'HEAD'],
    url: '/media/v/:videoId/:token/*',
    handler: async (request, reply) => {
      const { videoId, token, '*': file } = request.params;
      const kind = FILE_TYPES[file.slice(file.lastIndexOf('.') + 1)];
      const key = `video/${videoId}/${file}`;
      if (!VIDEO_ID.test(videoId) || !VIDEO_FILE.test(file) || !MEDIA_KEY.test(key) || !kind) {
        return reply.callNotFound();
      }
      if (!signer.allows(Number(videoId), token, file)) return reply.code(403).send();
      return sendFile(request, reply, store, key, kind);
    },
  });
}

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  key: string,
  kind: { type: string; cache: string },
) {
  const size = await store.size(key);
  if (size === null) return reply.callNotFound();
  // No validator: the store tells a key's size, not when it was written, and a segment's address
  // (with its expiry) is cached for good anyway. An If-Range therefore always gets the whole file.
  reply
    .header('Content-Type', kind.type)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', kind.cache);

  const range = wantedRange(request.headers.range, request.headers['if-range'], null, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const length = range ? range.end - range.start + 1 : size;
  reply.header('Content-Length', length);
  if (request.method === 'HEAD' || length === 0) return reply.send();
  const stream = await store.read(key, range ?? undefined);
  // Gone between the stat and the read (a transcode being redone): as if it never was.
  if (!stream) {
    reply.removeHeader('Content-Length').removeHeader('Content-Range');
    return reply.callNotFound();
  }
  return reply.send(stream);
}
