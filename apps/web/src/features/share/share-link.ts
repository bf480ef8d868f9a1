import { config } from '../../shared/config';

/** What a press of Share ended in; each but `shared` and `cancelled` tells the player something. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'copy_failed' | 'link_failed';

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/** The browser parts sharing uses, passed in so tests can give a phone's or a desktop's. */
export interface ShareEnvironment {
  navigator: Pick<Navigator, 'clipboard' | 'share' | 'canShare'>;
  matchMedia: (query: string) => Pick<MediaQueryList, 'matches'>;
}

const browser = (): ShareEnvironment => ({ navigator, matchMedia: (q) => window.matchMedia(q) });

/**
 * The absolute, canonical address of a route on PUBLIC_URL (what the server's preview tags name),
 * or null when none can be made. Under `vite dev` there is no PUBLIC_URL: the page's own origin.
 */
export function shareUrl(path: string, origin = config.publicUrl ?? window.location.origin) {
  if (!path.startsWith('/') || !URL.canParse(path, origin)) return null;
  const url = new URL(path, origin);
  // `//host/…` is another site's address: never hand that out as ours.
  return url.origin === new URL(origin).origin ? url.toString() : null;
}

/**
 * The share sheet only where it is the natural way: a phone or tablet (a touch screen without
 * hover) that has one. Desktop browsers with a share sheet (Windows, macOS) copy the link instead,
 * which is what a player at a desk expects.
 */
export function prefersShareSheet(env: ShareEnvironment, data: ShareData): boolean {
  if (typeof env.navigator.share !== 'function') return false;
  if (!env.matchMedia('(hover: none) and (pointer: coarse)').matches) return false;
  return typeof env.navigator.canShare !== 'function' || env.navigator.canShare(data);
}

/** Shares through the sheet or copies the link; never throws. */
export async function shareLink(
  data: ShareData | null,
  env: ShareEnvironment = browser(),
): Promise<ShareOutcome> {
  if (!data) return 'link_failed';
  if (prefersShareSheet(env, data)) {
    try {
      await env.navigator.share(data);
      return 'shared';
    } catch (error) {
      // The player closed the sheet: that is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      return 'link_failed';
    }
  }
  try {
    await env.navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'copy_failed';
  }
}
