import { readItem, safeSession, writeItem } from '@taleforge/browser/storage';
import { STORAGE_KEYS } from '@taleforge/contracts/constants';

/** The profile item kept for the session (SPEC §3): who is being looked at. */
export type RememberedProfile = { taleforge_id: string; nick_name?: string | null };

/**
 * Kept before a profile link is followed, so the SPEC §2 guard lets a visitor without an
 * account through to that profile (and back to it on reload) for the rest of the session.
 */
export function rememberProfile(
  profile: RememberedProfile,
  session: Storage | undefined = safeSession(),
) {
  writeItem(STORAGE_KEYS.profileInfo, JSON.stringify(profile), session);
}

export function readRememberedProfile(
  session: Storage | undefined = safeSession(),
): RememberedProfile | null {
  try {
    const value: unknown = JSON.parse(readItem(STORAGE_KEYS.profileInfo, session) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const id = (value as RememberedProfile).taleforge_id;
    return typeof id === 'string' && id ? (value as RememberedProfile) : null;
  } catch {
    return null;
  }
}
