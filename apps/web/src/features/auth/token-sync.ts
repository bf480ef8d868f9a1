import { readItem } from '@taleforge/browser/storage';
import { LIMITS, STORAGE_KEYS } from '@taleforge/contracts/constants';
import type { AppConfig } from '../../shared/config';
import { loginModalStore } from './login-modal/login-modal-store';
import { clearSession, readSignedInUser, saveToken, saveUserInfo } from './session';

/**
 * Token sync with the creator site (SPEC §4). A page opened from the creator site carries a
 * `from` query marker; 500 ms after load it asks its opener for the token, and from then on it
 * follows the creator site's SET_TOKEN, TOKEN_UPDATED and LOGOUT messages. The other way round,
 * a studio this site opened asks it for the token and is answered SET_TOKEN. Messages from any
 * origin but the studio's are ignored.
 */

/** The studio's `vite dev` origins, trusted only when the server named no studio (`vite dev`). */
export const DEV_STUDIO_ORIGINS: readonly string[] = [
  'http://localhost:5174',
  'http://127.0.0.1:5174',
];

/** The one origin the server named for the studio; the dev ones only under `vite dev`. */
export function allowedStudioOrigins(
  config: Pick<AppConfig, 'environment' | 'studioOrigin'>,
): readonly string[] {
  if (config.studioOrigin) return [config.studioOrigin];
  return config.environment === 'development' ? DEV_STUDIO_ORIGINS : [];
}

export const REQUEST_TOKEN = 'REQUEST_TOKEN';

export type TokenSyncMessage =
  | { type: 'SET_TOKEN' | 'TOKEN_UPDATED'; token: string; userInfo?: unknown }
  | { type: 'LOGOUT' };

export function parseTokenSyncMessage(data: unknown): TokenSyncMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'LOGOUT') return { type: 'LOGOUT' };
  if (
    (message.type === 'SET_TOKEN' || message.type === 'TOKEN_UPDATED') &&
    typeof message.token === 'string' &&
    message.token.length > 0 &&
    message.token.length <= 512
  ) {
    return { type: message.type, token: message.token, userInfo: message.userInfo };
  }
  return null;
}

type TokenSyncDeps = {
  /** From allowedStudioOrigins. */
  origins: readonly string[];
  win?: Window;
  /** Refreshes the stored user after a new token arrives (the user info call). */
  refreshUser?: () => void;
  store?: typeof loginModalStore;
};

/** A signed-in account's token for a studio that asks; a visitor's is never handed over. */
function answerTokenRequest(event: MessageEvent) {
  const user = readSignedInUser();
  const token = readItem(STORAGE_KEYS.accessToken);
  const source = event.source as Window | null;
  if (!source || !user || !token || user.oauth_enum === 'DF_ID') return;
  source.postMessage({ type: 'SET_TOKEN', token, userInfo: user }, event.origin);
}

export function installTokenSync({
  origins: allowed,
  win = window,
  refreshUser,
  store = loginModalStore,
}: TokenSyncDeps): () => void {
  const handleMessage = (event: MessageEvent) => {
    if (!allowed.includes(event.origin)) return;
    if ((event.data as { type?: unknown } | null)?.type === REQUEST_TOKEN) {
      answerTokenRequest(event);
      return;
    }
    const message = parseTokenSyncMessage(event.data);
    if (!message) return;
    if (message.type === 'LOGOUT') {
      clearSession();
      store.forceClose();
      return;
    }
    saveToken(message.token);
    const info = message.userInfo;
    if (info && typeof info === 'object' && 'user_info_resp' in info) {
      saveUserInfo(info as Parameters<typeof saveUserInfo>[0]);
    } else {
      refreshUser?.();
    }
    store.signedIn();
  };
  win.addEventListener('message', handleMessage);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const opener = win.opener as Window | null;
  if (new URLSearchParams(win.location.search).has('from') && opener) {
    timer = setTimeout(() => {
      // The opener's origin is unknown: address each allowed one; the browser drops the others.
      for (const origin of allowed) {
        try {
          opener.postMessage({ type: REQUEST_TOKEN }, origin);
        } catch {
          // A closed or cross-agent opener: nothing to ask.
        }
      }
    }, LIMITS.tokenSyncDelayMs);
  }
  return () => {
    win.removeEventListener('message', handleMessage);
    clearTimeout(timer);
  };
}
