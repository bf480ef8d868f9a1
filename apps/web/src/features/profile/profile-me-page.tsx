import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { useSignedInUser } from '../auth/session';
import { readRememberedProfile } from './profile-storage';
import { ProfileView } from './profile-view';

export function ProfileMePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profileMe'));
  const user = useSignedInUser();
  const ownId = user?.taleforge_id ?? user?.uid ?? '';
  if (ownId) return <ProfileView taleforgeId={ownId} viewer={{ own: true, signedIn: true }} />;
  // Let through by a profile kept for the session (SPEC §2 guard) without an account: that
  // profile is the one to show, at its own address.
  const remembered = readRememberedProfile();
  return (
    <Navigate
      to={remembered ? `/profile/${encodeURIComponent(remembered.taleforge_id)}` : '/'}
      replace
    />
  );
}
