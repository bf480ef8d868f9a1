import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export function ProfileUserPage() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  usePageTitle(t('titles.profileUser'));
  return (
    <PlaceholderScreen
      title={t('placeholder.profileUser.title')}
      body={t('placeholder.profileUser.body', { id: productId })}
      seed={`creator-${productId}`}
      genre="CREATIVITY"
    />
  );
}
