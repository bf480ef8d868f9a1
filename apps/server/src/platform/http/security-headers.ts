import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS and upgraded requests only when players reach us over https. */
  publicUrl: string;
  /** GOOGLE_CLIENT_ID is set: the sign-in script, its frame and its calls are allowed. */
  googleSignIn: boolean;
  /** Every inline <style> element we serve; each is allowed by its hash, nothing else inline. */
  inlineStyles: readonly string[];
  /** The studio's pages: the API (and its media) live on this other origin, which they call. */
  apiOrigin?: string;
  /**
   * Any inline style (the studio: its code editor writes style elements and attributes as it
   * runs, which no hash can name). Scripts stay 'self' only.
   */
  anyInlineStyle?: boolean;
}

/** Google Identity Services, as Google documents its Content-Security-Policy needs. */
const GOOGLE = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: ['https://accounts.google.com/gsi/', 'https://www.googleapis.com/oauth2/v3/userinfo'],
};

/** Where players' avatars from Google and Discord sign-ins live. */
const AVATAR_HOSTS = ['https://*.googleusercontent.com', 'https://cdn.discordapp.com'];

/** The microphone is for the assistant's hold-to-speak on our own pages; the rest is off. */
export const PERMISSIONS_POLICY =
  'camera=(), display-capture=(), geolocation=(), microphone=(self), payment=(), usb=()';

/** A CSP hash source for an inline element's exact text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The text of every inline <style> element of a page. */
export function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
}

/**
 * Only what the app loads: our own origin for scripts, styles, calls, media and images (and
 * data: images, which its CSS uses), players' avatars, and Google's sign-in when it is on. No
 * inline script or eval at all; inline styles only by hash — React sets its style props
 * through the CSSOM, which the policy does not govern (docs/decisions/0020). Stripe's checkout
 * is a top-level navigation, which the policy does not restrict either.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[]> {
  const google = options.googleSignIn;
  const https = new URL(options.publicUrl).protocol === 'https:';
  const styleHashes = [...new Set(options.inlineStyles.map(inlineHash))];
  const api = options.apiOrigin ? [options.apiOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(google ? [GOOGLE.script] : [])],
    'script-src-attr': ["'none'"],
    'style-src': options.anyInlineStyle
      ? ["'self'", "'unsafe-inline'"]
      : ["'self'", ...styleHashes, ...(google ? [GOOGLE.style] : [])],
    'img-src': ["'self'", 'data:', ...api, ...AVATAR_HOSTS],
    'connect-src': ["'self'", ...api, ...(google ? GOOGLE.connect : [])],
    // The assistant plays a spoken reply from the bytes it was sent (a blob: address).
    'media-src': ["'self'", 'blob:', ...api],
    'frame-src': google ? [GOOGLE.frame] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The sandbox checkout page posts to itself and is sent on to the result page on PUBLIC_URL.
    'form-action': ["'self'", new URL(options.publicUrl).origin],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Helmet's headers for these options. None of them varies by request, so helmet runs once, at
 * start, into a plain object: @fastify/helmet builds helmet again for every request (the whole
 * policy string included), which halved the home read's throughput (bench/api).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer, page and API alike: the policy above, framing refused,
 * no MIME sniffing, origin-only referrers to other sites, the Google popup allowed to talk back
 * to its opener, and HSTS only when PUBLIC_URL is https (a plain-http run must stay reachable).
 * A page opened with the token-sync marker keeps its opener.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): void {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Same site, not same origin: the studio (another port or subdomain) shows our media.
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      xFrameOptions: { action: 'deny' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // A page opened by the other site for token sync (SPEC §4: the `from` marker) must keep its
    // opener to ask it for the token; any other opener policy severs the two across origins.
    if (hasFromMarker(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
    done();
  });
}

const hasFromMarker = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').has('from');
