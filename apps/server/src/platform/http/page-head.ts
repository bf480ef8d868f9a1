import type { Locale } from '@taleforge/contracts/constants';
import escapeHtml from 'escape-html';

/** What a link preview shows of one page: every URL absolute, every text already localized. */
export interface PageMeta {
  /** The page's own name (og:title); the document title adds the site's name. */
  title: string;
  description: string;
  /** The canonical address; null on pages that have no address of their own to claim. */
  url: string | null;
  image: string | null;
  type: 'website' | 'profile';
  card: 'summary' | 'summary_large_image';
}

/**
 * Where the SPA's HTML learns what a client route shows, so a shared link previews without
 * JavaScript. Modules supply it; the platform only renders and caches it.
 */
export interface PageMetaSource {
  siteName: string;
  /** A cache key for a route with a preview of its own (`drama:12`), or null for the site's. */
  keyOf(pathname: string): string | null;
  /** The route's preview, or null when there is nothing to show (unknown id, unpublished). */
  load(key: string, locale: Locale): Promise<PageMeta | null>;
  /** The site's own preview, for every other route. */
  fallback(locale: Locale): PageMeta;
}

/** The `lang` of <html>, as the web app sets it once it runs (BCP 47). */
export const htmlLang = (locale: Locale): string => locale.replace('_', '-');

/** The <head> tags of a preview: title, description, canonical, Open Graph and Twitter card. */
export function headTags(meta: PageMeta, siteName: string, locale: Locale): string {
  const documentTitle = meta.url ? `${meta.title} · ${siteName}` : meta.title;
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}" />`;
  const named = (name: string, value: string) =>
    `<meta name="${name}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(documentTitle)}</title>`,
    named('description', meta.description),
    meta.url && `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    property('og:site_name', siteName),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:locale', locale),
    meta.url && property('og:url', meta.url),
    meta.image && property('og:image', meta.image),
    named('twitter:card', meta.card),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    meta.image && named('twitter:image', meta.image),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The screens the page's own skeleton can draw before any script runs (index.html, `.boot`): the
 * home's shelves, a play page's stage, or a title and panel under the Drama or Profile tab or
 * under none. The tab bar marks the screen's tab, as the app's does.
 */
export const BOOT_SCREENS = ['feed', 'story', 'drama', 'profile', 'page'] as const;
export type BootScreen = (typeof BOOT_SCREENS)[number];

/** Which skeleton a path shows first. Paths match as the app's router matches them: any case. */
export function bootScreenOf(pathname: string): BootScreen {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '' || path === '/for_you') return 'feed';
  if (/^\/drama\/[^/]+$/.test(path)) return 'story';
  if (path === '/drama') return 'drama';
  if (path === '/profile' || path.startsWith('/profile/')) return 'profile';
  return 'page';
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /[ \t]*<meta name="description"[^>]*>\r?\n?/;
const HTML_LANG = /<html lang="[^"]*"/;
const BOOT_SCREEN = /(?<= data-boot-screen=")[a-z]*(?=")/;

/**
 * index.html cut where the head tags go: the build's own title and description are dropped (the
 * preview writes them in the request's language), <html lang> follows the language (which also
 * picks the skeleton's texts) and the skeleton draws the path's screen.
 */
export function splitTemplate(
  html: string,
): (head: string, locale: Locale, screen?: BootScreen) => string {
  const bare = html.replace(DESCRIPTION, '');
  const title = TITLE.exec(bare);
  const at = title ? title.index : Math.max(0, bare.indexOf('</head>'));
  const before = bare.slice(0, at);
  const after = bare.slice(title ? at + title[0].length : at);
  const screenAt = BOOT_SCREEN.exec(after);
  const [body, rest] = screenAt
    ? [after.slice(0, screenAt.index), after.slice(screenAt.index + screenAt[0].length)]
    : [after, null];
  return (head, locale, screen = 'page') =>
    before.replace(HTML_LANG, `<html lang="${htmlLang(locale)}"`) +
    head +
    (rest === null ? body : body + screen + rest);
}
