import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { signOut } from '../features/auth/auth-api';
import { SignInPage } from '../features/auth/sign-in-page';
import { useTokenSync } from '../features/auth/token-sync-context';
import { LanguageSelect } from '../shared/i18n/language-select';
import { isAdminSession, useSession } from '../shared/session';

/** The header every screen shares; signed out, the only screen is the sign-in. */
export function Shell() {
  const { t } = useTranslation();
  const signed = useSession();
  const sync = useTokenSync();
  const queries = useQueryClient();

  const leave = async () => {
    await signOut().catch(() => undefined);
    sync.signedOut();
    queries.clear();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <header className="shell-header">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ✦
          </span>
          <span className="brand-name">Taleforge</span>
          <span className="brand-tag">{t('shell.studio')}</span>
        </Link>
        {isAdminSession(signed) && (
          <nav className="shell-nav" aria-label={t('shell.nav')}>
            <NavLink to="/" end className="shell-nav-link">
              {t('shell.works')}
            </NavLink>
            <NavLink to="/moderation" className="shell-nav-link">
              {t('shell.moderation')}
            </NavLink>
          </nav>
        )}
        <div className="shell-actions">
          <LanguageSelect />
          {signed && (
            <>
              <span className="shell-user" title={signed.user.nick_name ?? ''}>
                {signed.user.nick_name}
              </span>
              <button type="button" className="btn btn-ghost" onClick={() => void leave()}>
                {t('shell.signOut')}
              </button>
            </>
          )}
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {signed ? (
          <Suspense fallback={<p aria-busy="true">{t('common.loading')}</p>}>
            <Outlet />
          </Suspense>
        ) : (
          <SignInPage />
        )}
      </main>
    </div>
  );
}
