import { useSignedInUser } from '../auth/session';

/**
 * Who is looking: `member` is a registered account, the only kind that may follow, like or
 * comment. A visitor account (DF_ID, made silently when a game opens) may only read.
 */
export function useViewer() {
  const user = useSignedInUser();
  const member = Boolean(user && user.oauth_enum !== 'DF_ID');
  return { id: member ? (user?.taleforge_id ?? user?.uid ?? null) : null, member };
}
