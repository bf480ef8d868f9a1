import type { LoginData } from '@taleforge/contracts';
import { SCENE_TYPE } from '@taleforge/contracts/constants';
import { safeReturnPath } from '@taleforge/contracts/return-path';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError, request } from '../../shared/api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { toast } from '../../shared/ui/toast/toast-store';
import { authCalls, visitorFields } from '../auth/auth-api';
import { finishLogin } from '../auth/finish-login';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { rememberOrigin } from '../auth/session';
import '../../shared/ui/placeholder-screen.css';

/**
 * /discordloginback: Discord sends the player here with `code` and `state`. The code is sent
 * once (state is single-use), the session stored, and the player returns to where they were —
 * with the nickname step first for a new account. No reload for Discord (SPEC §4).
 */
export function DiscordLoginBackPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.discordLogin'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const titleId = useId();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');

  const login = useMutation({
    mutationFn: () =>
      request(authCalls.login, {
        body: {
          oauth_enum: 'DISCORD',
          scene_type: SCENE_TYPE,
          code: code ?? '',
          state: state ?? '',
          ...visitorFields(),
        },
      }),
    onSuccess: (data: LoginData) => {
      // The server already checked; the page stays honest on its own.
      const path = safeReturnPath(data.return_path) ?? '/For_You';
      toast.success(t('auth.toast.loggedIn'));
      if (data.need_complete_nick_name) rememberOrigin(path);
      navigate(path, { replace: true });
      finishLogin(data);
    },
  });

  useEffect(() => {
    if (sent.current || !code || !state || providerError) return;
    sent.current = true;
    login.mutate();
  }, [code, state, providerError, login]);

  const failed = login.isError || providerError !== null || !code || !state;
  const reason = login.isError
    ? isApiError(login.error) && login.error.kind === 'status' && login.error.desc
      ? login.error.desc
      : t('discordBack.networkFailed')
    : providerError
      ? t('discordBack.cancelled')
      : t('discordBack.missing');

  return (
    <section className="placeholder" aria-labelledby={titleId} aria-busy={!failed}>
      <div className="placeholder__art">
        <CoverArt seed="discord-gate" genre="FUTURE" shape="wide" />
      </div>
      <div className="placeholder__text">
        <h1 id={titleId} className="placeholder__title">
          {failed ? t('discordBack.failedTitle') : t('discordBack.title')}
        </h1>
        <p className="placeholder__body" role={failed ? 'alert' : 'status'}>
          {failed ? reason : t('discordBack.body')}
        </p>
        {failed && (
          <div className="placeholder__actions">
            <button
              type="button"
              className="button button--gold"
              onClick={() => {
                navigate('/For_You', { replace: true });
                openLoginModal();
              }}
            >
              {t('discordBack.retry')}
            </button>
            <Link className="button button--ghost" to="/For_You" replace>
              {t('common.backHome')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
