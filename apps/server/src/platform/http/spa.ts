import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { registerBuiltAssets, withRuntimeConfig } from './built-site.js';
import { headTags, type PageMetaSource, splitTemplate } from './page-head.js';
import { addVary } from './vary.js';

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
 * One page is index.html with its head tags, about 3 KB: 5,000 of them (works and profiles times
 * three languages) or 16 M characters, whichever comes first.
 */
const PAGE_CACHE_MAX = 5_000;
const PAGE_CACHE_CHARS = 16 * 2 ** 20;

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
  const pageHtml = pagesOf(app, withRuntimeConfig(template, options.config), options);

  await registerBuiltAssets(app, options.root);

  const apiPrefix = `${options.apiPrefix}/`;
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { url } = request;
    // A missing hashed asset must stay a 404: answering HTML would break the chunk-reload logic.
    if (url.startsWith(apiPrefix) || url === options.apiPrefix || url.startsWith('/assets/')) {
      return reply.callNotFound();
    }
    const html = await pageHtml(url.split('?', 1)[0] ?? '/', request.locale);
    return addVary(reply, 'accept-language')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
  return true;
}

/**
 * index.html for a path in a language: the site's own tags, made once per language at start, or
 * a work's or a player's, cached for a short time per route and language. A failed lookup is
 * logged and answered with the site's tags: the app itself must still load.
 */
function pagesOf(
  app: FastifyInstance,
  html: string,
  { pages, pageCacheMs, now }: { pages: PageMetaSource; pageCacheMs: number; now: () => number },
): (pathname: string, locale: Locale) => Promise<string> {
  const render = splitTemplate(html);
  const page = (meta: Parameters<typeof headTags>[0], locale: Locale) =>
    render(headTags(meta, pages.siteName, locale), locale);
  const site = new Map(LOCALES.map((locale) => [locale, page(pages.fallback(locale), locale)]));
  const load = async (key: string, locale: Locale): Promise<string> => {
    const meta = await pages.load(key, locale);
    return meta ? page(meta, locale) : site.get(locale)!;
  };
  const cached = new LRUCache<string, string, { key: string; locale: Locale }>({
    max: PAGE_CACHE_MAX,
    maxSize: PAGE_CACHE_CHARS,
    sizeCalculation: (text) => text.length,
    ttl: pageCacheMs,
    perf: { now },
    ttlResolution: 0,
    // One lookup per route and language at a time: a burst of link unfurls shares it.
    fetchMethod: (_cacheKey, _stale, { context }) => load(context.key, context.locale),
  });
  return async (pathname, locale) => {
    const key = pages.keyOf(pathname);
    if (key === null) return site.get(locale)!;
    try {
      if (pageCacheMs <= 0) return await load(key, locale);
      return (await cached.fetch(`${key}|${locale}`, { context: { key, locale } }))!;
    } catch (error) {
      app.log.error({ err: error, pathname }, 'link preview lookup failed');
      return site.get(locale)!;
    }
  };
}
