import {
  readItem,
  removeItem,
  safeLocal,
  safeSession,
  writeItem,
} from '@taleforge/browser/storage';
import type { LoginData, UserInfo } from '@taleforge/contracts';
import { STORAGE_KEYS } from '@taleforge/contracts/constants';
import { safeReturnPath } from '@taleforge/contracts/return-path';
import { useSyncExternalStore } from 'react';

/** What the browser keeps as `userInfo` (SPEC §3): user info with `user_info_resp` merged in. */
export type StoredUser = {
  taleforge_id?: string;
  uid?: string;
  nick_name?: string | null;
  avatar?: string | null;
  email?: string | null;
  new_user?: boolean;
  need_complete_nick_name?: boolean;
  oauth_enum?: string;
};

/** Session storage: where a social sign-in started, to return there after step 1 (SPEC §4). */
export const ORIGIN_URL_KEY = 'login_origin_url';

const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

/** SPEC §3: `user_info_resp` is merged into the user info; its own fields fill gaps only. */
export function mergeUserInfo(
  info: Partial<UserInfo> & { user_info_resp?: Partial<UserInfo['user_info_resp']> },
): StoredUser {
  const { user_info_resp: nested, ...top } = info;
  const merged: StoredUser = { ...nested, ...top };
  for (const key of ['nick_name', 'avatar'] as const) {
    if (merged[key] == null && nested?.[key] != null) merged[key] = nested[key];
  }
  return merged;
}

/** SPEC §4: a 200 from login or register stores token, oauth type and user id (and user info). */
export function saveLogin(data: LoginData, local: Storage | undefined = safeLocal()) {
  writeItem(STORAGE_KEYS.accessToken, data.access_token, local);
  writeItem(STORAGE_KEYS.oauthEnum, data.oauth_enum, local);
  writeItem(STORAGE_KEYS.userId, data.uid, local);
  const user = mergeUserInfo({
    uid: data.uid,
    taleforge_id: data.user_info_resp.taleforge_id,
    new_user: data.new_user,
    need_complete_nick_name: data.need_complete_nick_name,
    oauth_enum: data.oauth_enum,
    user_info_resp: data.user_info_resp,
  });
  writeItem(STORAGE_KEYS.userInfo, JSON.stringify(user), local);
  changed();
}

export function saveUserInfo(info: UserInfo, local: Storage | undefined = safeLocal()) {
  writeItem(STORAGE_KEYS.userInfo, JSON.stringify(mergeUserInfo(info)), local);
  changed();
}

/** Token sync: the creator site hands over a token (and maybe the user). */
export function saveToken(token: string, local: Storage | undefined = safeLocal()) {
  writeItem(STORAGE_KEYS.accessToken, token, local);
  changed();
}

/** SPEC §4 logout: user info, token, user id and the stored profile info (and the oauth type). */
export function clearSession(
  local: Storage | undefined = safeLocal(),
  session: Storage | undefined = safeSession(),
) {
  removeItem(STORAGE_KEYS.userInfo, local);
  removeItem(STORAGE_KEYS.accessToken, local);
  removeItem(STORAGE_KEYS.userId, local);
  removeItem(STORAGE_KEYS.oauthEnum, local);
  removeItem(STORAGE_KEYS.profileInfo, session);
  removeItem(ORIGIN_URL_KEY, session);
  changed();
}

export const hasToken = (local: Storage | undefined = safeLocal()) =>
  Boolean(readItem(STORAGE_KEYS.accessToken, local));

/** The signed-in user as stored after login (SPEC §3), or null for visitors. */
export function readSignedInUser(local: Storage | undefined = safeLocal()): StoredUser | null {
  if (!readItem(STORAGE_KEYS.accessToken, local)) return null;
  const raw = readItem(STORAGE_KEYS.userInfo, local);
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    return typeof user === 'object' && user !== null ? (user as StoredUser) : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes what this one should show.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const getVersion = () => version;

/** The stored user, re-read whenever this tab (or another) signs in or out. */
export function useSignedInUser(): StoredUser | null {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return readSignedInUser();
}

/**
 * SPEC §2 guard: profile routes need a stored token and user info, or a profile user kept in
 * session storage.
 */
export function hasProfileAccess(
  local: Storage | undefined = safeLocal(),
  session: Storage | undefined = safeSession(),
): boolean {
  const signedIn = Boolean(
    readItem(STORAGE_KEYS.accessToken, local) && readItem(STORAGE_KEYS.userInfo, local),
  );
  return signedIn || Boolean(readItem(STORAGE_KEYS.profileInfo, session));
}

/** Keeps where a sign-in started, if it is a path on this site; anything else is not stored. */
export function rememberOrigin(url: string, session: Storage | undefined = safeSession()) {
  const path = safeReturnPath(url);
  if (path) writeItem(ORIGIN_URL_KEY, path, session);
  else removeItem(ORIGIN_URL_KEY, session);
}

/** The stored origin, only if it is a path on this site; `/For_You` otherwise. */
export function takeOrigin(session: Storage | undefined = safeSession()): string {
  const stored = readItem(ORIGIN_URL_KEY, session);
  removeItem(ORIGIN_URL_KEY, session);
  return safeReturnPath(stored) ?? '/For_You';
}
