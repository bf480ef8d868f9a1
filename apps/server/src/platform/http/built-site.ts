import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where a built site's index.html takes its runtime config. */
const CONFIG_PLACEHOLDER = '<!--taleforge-config-->';

/** A built site's index.html, or null when there is no build (API-only runs, server tests). */
export async function readIndexHtml(root: string): Promise<string | null> {
  try {
    return await readFile(path.join(root, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/** index.html with the runtime config in place, as JSON that cannot close its <script>. */
export function withRuntimeConfig(template: string, config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return template.replace(
    CONFIG_PLACEHOLDER,
    `<script id="taleforge-config" type="application/json">${json}</script>`,
  );
}

/**
 * A build's files: hashed assets cached for good, others for an hour, and the .br/.gz the build
 * writes beside them sent to browsers that accept them. index.html is never served from disk:
 * only with its config filled in, by the site's own handler.
 */
export async function registerBuiltAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
}
