import { STORAGE_KEYS } from '@taleforge/contracts/constants';
import { readItem, safeLocal, safeSession } from '../../shared/lib/storage';

export type StoredUser = { nick_name?: string | null; avatar?: string | null };

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
