import { useTranslation } from 'react-i18next';
import { config } from '../../../shared/config';
import { DiscordMark, GoogleMark } from './provider-marks';
import { useDiscordLogin, useGoogleLogin } from './use-social-login';

/**
 * Social sign-in. The runtime config says which providers the server is configured for; the
 * others say so on their button instead of failing somewhere later.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const google = useGoogleLogin();
  const discord = useDiscordLogin();
  const busy = google.isPending || discord.isPending || discord.isSuccess;
  const unavailable = (provider: string) => t('auth.providerNotConfigured', { provider });

  return (
    <div className="login-social">
      <button
        type="button"
        className="login-social__button login-social__button--google"
        disabled={busy || !config.googleClientId}
        onClick={() => google.mutate()}
      >
        <GoogleMark />
        <span>{config.googleClientId ? t('auth.google') : unavailable('Google')}</span>
      </button>
      <button
        type="button"
        className="login-social__button login-social__button--discord"
        disabled={busy || !config.discordClientId}
        onClick={() => discord.mutate()}
      >
        <DiscordMark />
        <span>{config.discordClientId ? t('auth.discord') : unavailable('Discord')}</span>
      </button>
    </div>
  );
}
