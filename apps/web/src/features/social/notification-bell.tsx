import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from './social-icons';
import { useUnreadCount } from './use-notifications';
import './notifications.css';

// The list is fetched the first time the bell is opened.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** The header's bell: how many things are new, asked every minute and whenever the tab returns. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount().data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const badge = unread > 99 ? '99+' : String(unread);
  return (
    <>
      <button
        type="button"
        className="icon-button bell"
        aria-label={
          unread > 0
            ? t('social.notifications.bellUnread', { count: unread })
            : t('common.notifications')
        }
        title={t('common.notifications')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="notification-bell"
      >
        <BellIcon size={20} />
        {unread > 0 && (
          <span className="bell__badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
