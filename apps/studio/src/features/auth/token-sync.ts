import type { StudioUser } from '../../shared/session';

/**
 * Token sync with the player site, the studio's side (SPEC §4). The studio opens player pages
 * with the `from` marker; such a page asks its opener for the token (REQUEST_TOKEN) and is
 * answered SET_TOKEN with the token and user. After a sign-in every window the studio opened is
 * sent TOKEN_UPDATED, after a sign-out LOGOUT. Only the player site's origin is answered or
 * listened to, and messages are always addressed to that origin: another page in an opened
 * window never sees the token.
 */
export const REQUEST_TOKEN = 'REQUEST_TOKEN';

/** The query marker the player site looks for; its value names the studio. */
export const FROM_MARKER = 'from';

type Current = () => { token: string; user: StudioUser } | null;

export type TokenSync = {
  /** Opens a player site page (a path on its origin) in a new tab that will sync. */
  open: (path: string) => Window | null;
  signedIn: () => void;
  signedOut: () => void;
  dispose: () => void;
};

export function createTokenSync({
  playerOrigin,
  current,
  win = window,
}: {
  playerOrigin: string;
  current: Current;
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
    const data = event.data as { type?: unknown } | null;
    if (data?.type !== REQUEST_TOKEN) return;
    const source = event.source as Window | null;
    const signed = current();
    if (!source || !signed) return;
    opened.add(source);
    post(source, { type: 'SET_TOKEN', token: signed.token, userInfo: signed.user });
  };
  win.addEventListener('message', onMessage);

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
    dispose: () => win.removeEventListener('message', onMessage),
  };
}
