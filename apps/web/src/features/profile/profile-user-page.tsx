import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { useSignedInUser } from '../auth/session';
import { ProfileView } from './profile-view';

export function ProfileUserPage() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  usePageTitle(t('titles.profileUser'));
  const user = useSignedInUser();
  const ownId = user?.taleforge_id ?? user?.uid;
  // A registered account is "signed in" for following; a visitor account (DF_ID) is not.
  const signedIn = Boolean(user && user.oauth_enum !== 'DF_ID');
  return (
    <ProfileView
      key={productId}
      taleforgeId={productId}
      viewer={{ own: ownId === productId, signedIn }}
    />
  );
}
