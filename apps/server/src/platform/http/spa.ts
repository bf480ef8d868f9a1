import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { registerBuiltAssets, withRuntimeConfig } from './built-site.js';
import {
  BOOT_SCREENS,
  type BootScreen,
  bootScreenOf,
  headTags,
  type PageMetaSource,
  splitTemplate,
} from './page-head.js';
import { addVary } from './vary.js';
import { acceptedEncoding, compress, type Encoding } from './written-answer.js';

export interface WebConfig {
  basePath: string;
  testHost: string;
  googleClientId: string | null;
  discordClientId: string | null;
  environment: string;
  /** PUBLIC_URL: the origin the app's share links are written on. */
  publicUrl: string;
  /** The creator studio's origin, the only one token sync answers; null: no studio. */
  studioOrigin: string | null;
  /** Where the "create" entry points open the studio. */
  studioUrl: string | null;
}

/**
 * One page is index.html with its head tags and first-paint skeleton in three encodings, about
 * 30 KB (20 KB as it is, 5 KB brotli, 5 KB gzip): 5,000 of them (works and profiles times three
 * languages) or 32 MB, whichever comes first.
 */
const PAGE_CACHE_MAX = 5_000;
const PAGE_CACHE_BYTES = 32 * 2 ** 20;

/** A page in every encoding we send, compressed once when made: the skeleton's CSS is most of it. */
type Page = Record<Encoding, Buffer>;

async function encoded(html: string): Promise<Page> {
  const identity = Buffer.from(html);
  const [br, gzip] = await Promise.all([compress(identity, 'br'), compress(identity, 'gzip')]);
  return { identity, br, gzip };
}

/**
 * Serves the built SPA: hashed assets cached for good, index.html never cached and carrying the
 * runtime config and the route's link preview tags (decision 37), and every other GET outside the
 * API answered with index.html (history fallback).
 * Returns false when there is no build to serve (API-only runs, server tests).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    root: string;
    template: string | null;
    apiPrefix: string;
    config: WebConfig;
    /** What a route's link preview shows (Open Graph and Twitter card tags). */
    pages: PageMetaSource;
    /** How long a route's preview may be stale (CATALOGUE_CACHE_MS); 0 caches nothing. */
    pageCacheMs: number;
    /** The clock the cache ages entries by (tests move it). */
    now: () => number;
  },
): Promise<boolean> {
  const { template } = options;
  if (template === null) {
    app.log.warn({ root: options.root }, 'no web build found; serving the API only');
    return false;
  }
  const pageOf = await pagesOf(app, withRuntimeConfig(template, options.config), options);

  await registerBuiltAssets(app, options.root);

  const apiPrefix = `${options.apiPrefix}/`;
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { url } = request;
    // A missing hashed asset must stay a 404: answering HTML would break the chunk-reload logic.
    if (url.startsWith(apiPrefix) || url === options.apiPrefix || url.startsWith('/assets/')) {
      return reply.callNotFound();
    }
    const page = await pageOf(url.split('?', 1)[0] ?? '/', request.locale);
    const encoding = acceptedEncoding(request);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return addVary(addVary(reply, 'accept-language'), 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page[encoding]);
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
  return true;
}

/**
 * index.html for a path in a language: the site's own tags, made once per language and skeleton
 * at start, or a work's or a player's, cached for a short time per route, language and skeleton.
 * A failed lookup is logged and answered with the site's tags: the app itself must still load.
 */
async function pagesOf(
  app: FastifyInstance,
  html: string,
  { pages, pageCacheMs, now }: { pages: PageMetaSource; pageCacheMs: number; now: () => number },
): Promise<(pathname: string, locale: Locale) => Promise<Page>> {
  const render = splitTemplate(html);
  type Variant = { locale: Locale; screen: BootScreen };
  const page = (meta: Parameters<typeof headTags>[0], { locale, screen }: Variant) =>
    encoded(render(headTags(meta, pages.siteName, locale), locale, screen));
  const variants = LOCALES.flatMap((locale) => BOOT_SCREENS.map((screen) => ({ locale, screen })));
  const site = new Map(
    await Promise.all(
      variants.map(
        async (variant) =>
          [
            `${variant.locale}|${variant.screen}`,
            await page(pages.fallback(variant.locale), variant),
          ] as const,
      ),
    ),
  );
  const sitePage = ({ locale, screen }: Variant) => site.get(`${locale}|${screen}`)!;
  const load = async (key: string, variant: Variant): Promise<Page> => {
    const meta = await pages.load(key, variant.locale);
    return meta ? page(meta, variant) : sitePage(variant);
  };
  const cached = new LRUCache<string, Page, { key: string; variant: Variant }>({
    max: PAGE_CACHE_MAX,
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: (encodings) =>
      encodings.identity.length + encodings.br.length + encodings.gzip.length,
    ttl: pageCacheMs,
    perf: { now },
    ttlResolution: 0,
    // One lookup per route and language at a time: a burst of link unfurls shares it.
    fetchMethod: (_cacheKey, _stale, { context }) => load(context.key, context.variant),
  });
  return async (pathname, locale) => {
    const variant = { locale, screen: bootScreenOf(pathname) };
    const key = pages.keyOf(pathname);
    if (key === null) return sitePage(variant);
    try {
      if (pageCacheMs <= 0) return await load(key, variant);
      const cacheKey = `${key}|${locale}|${variant.screen}`;
      return (await cached.fetch(cacheKey, { context: { key, variant } }))!;
    } catch (error) {
      app.log.error({ err: error, pathname }, 'link preview lookup failed');
      return sitePage(variant);
    }
  };
}
