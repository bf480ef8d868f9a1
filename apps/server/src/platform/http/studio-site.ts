import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { readIndexHtml, registerBuiltAssets, withRuntimeConfig } from './built-site.js';
import { endConnectionsOnceIdle } from './drain.js';
import { registerSecurityHeaders } from './security-headers.js';

/** What the studio reads at start-up from `<!--taleforge-config-->` (apps/studio/src/shared/config.ts). */
export interface StudioConfig {
  /** The player site's API: PUBLIC_URL's origin and the product path. */
  apiBase: string;
  /** The player site (PUBLIC_URL's origin): "View on Taleforge" and token sync go there. */
  playerUrl: string;
  environment: string;
}

/**
 * The creator studio's own site: a second listener of the same process, on its own origin, so the
 * token sync between the two sites is a real cross-origin exchange (SPEC §4). It serves only the
 * built studio — every call goes to the player site's API, which answers CORS for this origin.
 * Returns null when there is no studio build (API-only runs).
 */
export async function buildStudioSite(options: {
  root: string;
  config: StudioConfig;
  /** The studio's own origin (config.studioOrigin): HSTS and upgraded requests follow its scheme. */
  origin: string;
  logger: FastifyServerOptions['logger'];
}): Promise<FastifyInstance | null> {
  const template = await readIndexHtml(options.root);
  if (template === null) return null;
  const site = Fastify({ logger: options.logger, forceCloseConnections: 'idle' });
  endConnectionsOnceIdle(site);
  registerSecurityHeaders(site, {
    publicUrl: options.origin,
    googleSignIn: false,
    inlineStyles: [],
    apiOrigin: new URL(options.config.apiBase).origin,
    anyInlineStyle: true,
  });
  const html = withRuntimeConfig(template, options.config);
  await registerBuiltAssets(site, options.root);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // A missing hashed asset stays a 404: HTML in its place would break the chunk reload.
    if (request.url.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  site.get('/', sendIndex);
  site.get('/*', sendIndex);
  return site;
}
