import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openLoginModal } from '../../features/auth/login-modal/login-modal-events';
import { readSignedInUser } from '../../features/auth/session';
import { HeaderBalance } from '../../features/wallet/header-balance';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { LogoMark } from '../../shared/ui/logo';

function AccountButton() {
  const { t } = useTranslation();
  // Login reloads the page (SPEC §4), so reading storage on render is enough.
  const user = readSignedInUser();
  if (!user) {
    return (
      <button type="button" className="button button--gold button--small" onClick={openLoginModal}>
        {t('header.signIn')}
      </button>
    );
  }
  const name = user.nick_name || t('header.guest');
  return (
    <Link to="/profile/me" className="account-chip" aria-label={t('header.account')}>
      {user.avatar ? (
        <img src={user.avatar} alt="" className="account-chip__avatar" />
      ) : (
        <span className="account-chip__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="account-chip__name">{name}</span>
    </Link>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Link to="/For_You" className="brand" aria-label={t('brand.home')}>
        <LogoMark size={34} />
        <span className="brand__name" aria-hidden="true">
          {t('brand.name')}
        </span>
      </Link>
      <div className="app-header__actions">
        <LanguageSwitch />
        <HeaderBalance signedIn={readSignedInUser() !== null} />
        <AccountButton />
      </div>
    </header>
  );
}
