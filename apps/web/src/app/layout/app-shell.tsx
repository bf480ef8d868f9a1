import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AssistantButton, AssistantTab } from '../../features/assistant/assistant-button';
import { LoginModalHost } from '../../features/auth/login-modal/login-modal-host';
import { PlayerHost } from '../../features/series/player-host';
import { CreateAfterSignIn } from '../../features/studio-entry/create-entry';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { DialogOutlet } from '../../shared/ui/dialog/dialog-outlet';
import { Toaster } from '../../shared/ui/toast/toaster';
import { AppHeader } from './app-header';
import { NavLinks } from './nav-links';
import './app-shell.css';

export function AppShell() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <AppHeader />
      <nav className="side-nav" aria-label={t('nav.label')}>
        <NavLinks variant="sidebar" />
        <div className="side-nav__card" aria-hidden="true">
          <CoverArt
            seed="sidebar-lantern"
            genre="LEGENDS"
            shape="square"
            className="side-nav__art"
          />
          <p>{t('brand.tagline')}</p>
        </div>
      </nav>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <nav className="tab-bar" aria-label={t('nav.label')}>
        <NavLinks variant="tabbar" extra={<AssistantTab />} />
      </nav>
      <AssistantButton />
      <Toaster />
      <DialogOutlet />
      <LoginModalHost />
      <PlayerHost />
      <CreateAfterSignIn />
    </div>
  );
}
