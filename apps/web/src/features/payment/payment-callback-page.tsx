import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export function PaymentCallbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.payment'));
  return (
    <PlaceholderScreen
      title={t('placeholder.payment.title')}
      body={t('placeholder.payment.body')}
      seed="treasury"
      genre="HEROES"
    />
  );
}
