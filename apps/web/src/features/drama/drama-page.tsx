import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export function DramaPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.drama'));
  return (
    <PlaceholderScreen
      title={t('placeholder.drama.title')}
      body={t('placeholder.drama.body')}
      seed="drama-stage"
      genre="ROMANCE"
      action={{ to: '/browse', label: t('browse.linkFromDrama') }}
    />
  );
}
