import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export function DiscordLoginBackPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.discordLogin'));
  return (
    <PlaceholderScreen
      title={t('placeholder.discordLogin.title')}
      body={t('placeholder.discordLogin.body')}
      seed="discord-gate"
      genre="FUTURE"
    />
  );
}
