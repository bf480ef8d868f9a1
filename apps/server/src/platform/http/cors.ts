import type { FastifyInstance } from 'fastify';
import { addVary } from './vary.js';

/** What the studio's calls send beyond the CORS-safelisted headers. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept-Language';
/** A browser may keep a preflight answer this long (seconds) before asking again. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * Cross-origin calls from the creator studio, and from no other origin: the studio is a site of
 * its own (STUDIO_PORT / STUDIO_PUBLIC_URL) that calls this API with the creator's token in the
 * Authorization header. No credentials mode: the token is a header, never a cookie. A preflight
 * from the studio is answered before any route runs (df_id and the auth gate do not apply to it);
 * a preflight from anywhere else gets no CORS headers, so the browser refuses the call.
 */
export function registerStudioCors(
  app: FastifyInstance,
  options: { studioOrigin: string | null; apiPrefix: string },
): void {
  const { studioOrigin } = options;
  if (!studioOrigin) return;
  const apiPath = `${options.apiPrefix}/api/`;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(apiPath)) return done();
    // Caches must keep the studio's answer apart from the player site's.
    addVary(reply, 'origin');
    if (request.headers.origin !== studioOrigin) return done();
    reply.header('access-control-allow-origin', studioOrigin);
    // The export downloads are named by this header; the studio reads it.
    reply.header('access-control-expose-headers', 'Content-Disposition');
    if (request.method !== 'OPTIONS') return done();
    reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE)
      .code(204)
      .send();
  });
}
