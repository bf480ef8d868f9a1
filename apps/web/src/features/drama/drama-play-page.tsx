import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export function DramaPlayPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageTitle(t('titles.dramaPlay'));
  return (
    <PlaceholderScreen
      title={t('placeholder.dramaPlay.title')}
      body={t('placeholder.dramaPlay.body', { id })}
      seed={`drama-${id}`}
      genre="LEGENDS"
    />
  );
}
