import { SCENE_TYPE } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api';
import { config } from '../../../shared/config';
import { toast } from '../../../shared/ui/toast/toast-store';
import { authCalls, visitorFields } from '../auth-api';
import { finishLogin } from '../finish-login';
import { GoogleSignInError, readGoogleProfile, requestGoogleToken } from '../google-sign-in';
import { rememberOrigin } from '../session';
import { toastServerError } from './server-error';

const currentPath = () => `${location.pathname}${location.search}${location.hash}`;

/** Google: popup, then POST /api/v1/login with the token and profile (SPEC §3, §4). */
export function useGoogleLogin() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      const clientId = config.googleClientId;
      if (!clientId) throw new Error('unconfigured');
      const profile = await readGoogleProfile(await requestGoogleToken(clientId));
      rememberOrigin(currentPath());
      return request(authCalls.login, {
        body: { oauth_enum: 'GOOGLE', scene_type: SCENE_TYPE, ...profile, ...visitorFields() },
      });
    },
    onSuccess: (data) => {
      toast.success(t('auth.toast.loggedIn'));
      finishLogin(data);
    },
    onError: (error) => {
      if (error instanceof GoogleSignInError) {
        // The user closing the popup is a choice, not a failure worth a red toast.
        if (error.code !== 'popup_closed')
          toast.error(t('auth.googleFailed', { code: error.code }));
        return;
      }
      toastServerError(error);
    },
  });
}

/** Discord: the server starts the flow (state, PKCE, binding cookie); the browser goes there. */
export function useDiscordLogin(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: () => request(authCalls.discordAuthorize, { body: { return_path: currentPath() } }),
    onSuccess: ({ authorize_url }) => go(authorize_url),
    onError: toastServerError,
  });
}
