import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { openLoginModal } from '../../features/auth/login-modal/login-modal-events';
import { hasProfileAccess } from '../../features/auth/session';
import { CreateButton } from '../../features/studio-entry/create-entry';
import { NAV_ITEMS, type NavItem } from './nav-items';

const handleClick = (item: NavItem) => (event: MouseEvent) => {
  if (item.needsProfileAccess && !hasProfileAccess()) {
    event.preventDefault();
    openLoginModal();
  }
};

/**
 * The same links render as the desktop sidebar and the phone tab bar; CSS picks one. The last
 * entry opens the creator studio in a new tab; `extra` is one more item after it.
 */
export function NavLinks({ variant, extra }: { variant: 'sidebar' | 'tabbar'; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ul className={`nav-links nav-links--${variant}`}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={({ isActive }) => `nav-link${isActive ? ' nav-link--active' : ''}`}
            onClick={handleClick(item)}
          >
            <item.Icon size={variant === 'tabbar' ? 24 : 22} />
            <span className="nav-link__label">{t(item.labelKey)}</span>
          </NavLink>
        </li>
      ))}
      <li>
        <CreateButton
          className="nav-link"
          iconSize={variant === 'tabbar' ? 24 : 22}
          label={t('create.label')}
        />
      </li>
      {extra && <li>{extra}</li>}
    </ul>
  );
}
