import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openLoginModal } from '../../features/auth/login-modal/login-modal-events';
import { logout } from '../../features/auth/logout';
import { useSignedInUser } from '../../features/auth/session';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { PendingGemChip } from '../../shared/ui/gem-chip';
import { SignOutIcon } from '../../shared/ui/icons';
import { LogoMark } from '../../shared/ui/logo';

// Only signed-in players have a balance: visitors never download the wallet or the query cache.
const HeaderBalance = lazyWithQueries(() =>
  import('../../features/wallet/header-balance').then((m) => m.HeaderBalance),
);

// Only registered players are told about followers, replies and likes.
const NotificationBell = lazyWithQueries(() =>
  import('../../features/social/notification-bell').then((m) => m.NotificationBell),
);

function SignedInBell() {
  const user = useSignedInUser();
  if (!user || user.oauth_enum === 'DF_ID') return null;
  return (
    <Suspense fallback={<span className="bell-slot" aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}

function AccountButton() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // A visitor account (DF_ID, made silently when a game is opened) is still a visitor: it keeps
  // the sign-in button, and its balance shows beside it.
  if (!user || user.oauth_enum === 'DF_ID') {
    return (
      <button type="button" className="button button--gold button--small" onClick={openLoginModal}>
        {t('header.signIn')}
      </button>
    );
  }
  const name = user.nick_name || t('header.guest');
  return (
    <>
      {/* Named by its content, which starts with the nickname it shows (WCAG 2.5.3, label in
          name): an aria-label would leave out the avatar's letter the eye reads with it. */}
      <Link to="/profile/me" className="account-chip">
        {user.avatar ? (
          <img src={user.avatar} alt="" className="account-chip__avatar" />
        ) : (
          <span className="account-chip__avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="account-chip__name" aria-hidden="true">
          {name}
        </span>
        <span className="sr-only">{t('header.account', { name })}</span>
      </Link>
      <button
        type="button"
        className="icon-button"
        onClick={() => void logout()}
        aria-label={t('header.signOut')}
        title={t('header.signOut')}
      >
        <SignOutIcon />
      </button>
    </>
  );
}

function SignedInBalance() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <Suspense fallback={<PendingGemChip />}>
      <HeaderBalance signedIn />
    </Suspense>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  // Known at once from storage, so a phone's header makes room for the balance before it loads.
  const signedIn = useSignedInUser() !== null;
  return (
    <header className={signedIn ? 'app-header app-header--signed-in' : 'app-header'}>
      <Link to="/For_You" className="brand" aria-label={t('brand.home')}>
        <LogoMark size={34} />
        <span className="brand__name" aria-hidden="true">
          {t('brand.name')}
        </span>
      </Link>
      <div className="app-header__actions">
        <LanguageSwitch />
        <SignedInBalance />
        <SignedInBell />
        <AccountButton />
      </div>
    </header>
  );
}
