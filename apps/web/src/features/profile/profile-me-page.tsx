import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export function ProfileMePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profileMe'));
  return (
    <PlaceholderScreen
      title={t('placeholder.profileMe.title')}
      body={t('placeholder.profileMe.body')}
      seed="profile-me"
      genre="DREAMS"
    />
  );
}
