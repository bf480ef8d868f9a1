import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface WebConfig {
  basePath: string;
  testHost: string;
  googleClientId: string | null;
  discordClientId: string | null;
  environment: string;
}

const PLACEHOLDER = '<!--taleforge-config-->';

/** JSON inside <script> must not be able to close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The built SPA's index.html, or null when there is no build (API-only runs, server tests). */
export async function readIndexHtml(root: string): Promise<string | null> {
  try {
    return await readFile(path.join(root, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA: hashed assets cached for good, index.html never cached and carrying the
 * runtime config, and every other GET outside the API answered with index.html (history fallback).
 * Returns false when there is no build to serve (API-only runs, server tests).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { root: string; template: string | null; apiPrefix: string; config: WebConfig },
): Promise<boolean> {
  const { template } = options;
  if (template === null) {
    app.log.warn({ root: options.root }, 'no web build found; serving the API only');
    return false;
  }
  const tag = `<script id="taleforge-config" type="application/json">${scriptSafeJson(options.config)}</script>`;
  const indexHtml = template.replace(PLACEHOLDER, tag);

  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside its assets; browsers get the smallest they accept.
    preCompressed: true,
    // index.html is only ever sent with the config filled in, below.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const apiPrefix = `${options.apiPrefix}/`;
  const sendIndex = (url: string, reply: FastifyReply) => {
    // A missing hashed asset must stay a 404: answering HTML would break the chunk-reload logic.
    if (url.startsWith(apiPrefix) || url === options.apiPrefix || url.startsWith('/assets/')) {
      return reply.callNotFound();
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };
  app.get('/', (request, reply) => sendIndex(request.url, reply));
  app.get('/*', (request, reply) => sendIndex(request.url, reply));
  return true;
}
