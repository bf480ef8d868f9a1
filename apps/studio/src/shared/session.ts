import { readItem, removeItem, writeItem } from '@taleforge/browser/storage';
import type { UserInfo } from '@taleforge/contracts';
import { STORAGE_KEYS } from '@taleforge/contracts/constants';
import { useSyncExternalStore } from 'react';

/** The signed-in creator as the user info call gave it; handed to the player site on sync. */
export type StudioUser = UserInfo;

export type Session = { token: string; user: StudioUser } | null;

const listeners = new Set<() => void>();
let current: Session = readSession();

function readSession(): Session {
  const token = readItem(STORAGE_KEYS.accessToken);
  const raw = readItem(STORAGE_KEYS.userInfo);
  if (!token || !raw) return null;
  try {
    const user = JSON.parse(raw) as StudioUser;
    return typeof user?.uid === 'string' ? { token, user } : null;
  } catch {
    return null;
  }
}

function changed() {
  current = readSession();
  for (const listener of listeners) listener();
}

export const session = {
  get: (): Session => current,
  token: (): string | null => current?.token ?? null,
  save(token: string, user: StudioUser) {
    writeItem(STORAGE_KEYS.accessToken, token);
    writeItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
    changed();
  },
  clear() {
    removeItem(STORAGE_KEYS.accessToken);
    removeItem(STORAGE_KEYS.userInfo);
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = (): Session =>
  useSyncExternalStore(session.subscribe, session.get, session.get);

/**
 * The device id every call carries as df_id. The studio has no risk-control step of its own: a
 * random id, kept in this origin's storage, names the browser; visitors cannot create anyway.
 */
export function deviceId(): string {
  const stored = readItem(STORAGE_KEYS.visitor);
  if (stored && /^[A-Za-z0-9_-]{1,128}$/.test(stored)) return stored;
  const made = `studio-${crypto.randomUUID().replaceAll('-', '')}`;
  writeItem(STORAGE_KEYS.visitor, made);
  return made;
}

/** An administrator's session: the studio then offers moderation (the server checks again). */
export const isAdminSession = (signed: Session): boolean =>
  signed?.user.user_info_resp?.role === 'admin';

/**
 * The server refused the account as an administrator (its role was revoked since sign-in): the
 * studio forgets the role, so the header drops Moderation and the page says "not allowed".
 */
export function forgetAdminRole(): void {
  const signed = session.get();
  if (!signed || !isAdminSession(signed)) return;
  const info = { ...signed.user.user_info_resp, role: 'user' as const };
  session.save(signed.token, { ...signed.user, user_info_resp: info });
}
