import { LIMITS } from '@taleforge/contracts/constants';
import type { StudioUser } from '../../shared/session';

/**
 * Token sync with the player site, the studio's side (SPEC §4), both ways:
 * - The studio opens player pages with the `from` marker; such a page asks its opener for the
 *   token (REQUEST_TOKEN) and is answered SET_TOKEN with the token and user. After a sign-in
 *   every window the studio opened is sent TOKEN_UPDATED, after a sign-out LOGOUT.
 * - A studio the player site opened (its "create" entries, with the marker) asks the player site
 *   for the token 500 ms after load, and follows its SET_TOKEN, TOKEN_UPDATED and LOGOUT.
 * Only the player site's origin is listened to, and every message is addressed to that origin:
 * another page in an opened window never sees the token. A visitor's account is never taken.
 */
export const REQUEST_TOKEN = 'REQUEST_TOKEN';

/** The query marker each site looks for; its value names the site that opened the page. */
export const FROM_MARKER = 'from';

type Current = () => { token: string; user: StudioUser } | null;

export type TokenSync = {
  /** Opens a player site page (a path on its origin) in a new tab that will sync. */
  open: (path: string) => Window | null;
  signedIn: () => void;
  signedOut: () => void;
  dispose: () => void;
};

type Incoming =
  | { type: 'token'; token: string; user: StudioUser }
  | { type: 'logout' }
  | { type: 'request' };

/** A message from the player site as the studio acts on it; anything else is null. */
export function parseIncoming(data: unknown): Incoming | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === REQUEST_TOKEN) return { type: 'request' };
  if (message.type === 'LOGOUT') return { type: 'logout' };
  if (message.type !== 'SET_TOKEN' && message.type !== 'TOKEN_UPDATED') return null;
  const { token, userInfo } = message;
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return null;
  const user = userInfo as Partial<StudioUser> | null | undefined;
  if (typeof user?.uid !== 'string' || user.oauth_enum === 'DF_ID') return null;
  return { type: 'token', token, user: user as StudioUser };
}

export function createTokenSync({
  playerOrigin,
  current,
  onToken,
  onLogout,
  win = window,
}: {
  playerOrigin: string;
  current: Current;
  /** The player site handed over a signed-in account. */
  onToken: (token: string, user: StudioUser) => void;
  /** The player site signed out. */
  onLogout: () => void;
  win?: Window;
}): TokenSync {
  const opened = new Set<Window>();

  const post = (target: Window, message: unknown) => {
    try {
      target.postMessage(message, playerOrigin);
    } catch {
      // A closed window: nothing to tell.
    }
  };
  const broadcast = (message: unknown) => {
    for (const target of opened) {
      if (target.closed) opened.delete(target);
      else post(target, message);
    }
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== playerOrigin) return;
    const message = parseIncoming(event.data);
    if (message?.type === 'token') return onToken(message.token, message.user);
    if (message?.type === 'logout') return onLogout();
    const source = event.source as Window | null;
    const signed = current();
    if (message?.type !== 'request' || !source || !signed) return;
    opened.add(source);
    post(source, { type: 'SET_TOKEN', token: signed.token, userInfo: signed.user });
  };
  win.addEventListener('message', onMessage);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const opener = win.opener as Window | null;
  if (opener && new URLSearchParams(win.location.search).has(FROM_MARKER)) {
    timer = setTimeout(() => post(opener, { type: REQUEST_TOKEN }), LIMITS.tokenSyncDelayMs);
  }

  return {
    open(path) {
      const url = new URL(path, playerOrigin);
      url.searchParams.set(FROM_MARKER, 'studio');
      // Not `noopener`: the player page must reach its opener to ask for the token.
      const target = win.open(url.href, '_blank');
      if (target) opened.add(target);
      return target;
    },
    signedIn() {
      const signed = current();
      if (signed) broadcast({ type: 'TOKEN_UPDATED', token: signed.token, userInfo: signed.user });
    },
    signedOut: () => broadcast({ type: 'LOGOUT' }),
    dispose() {
      win.removeEventListener('message', onMessage);
      clearTimeout(timer);
    },
  };
}
