import type { Notification } from '@taleforge/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { DialogHeader } from '../../shared/ui/dialog/dialog-header';
import { Modal } from '../../shared/ui/dialog/modal';
import { ProfileAvatar } from '../profile/profile-avatar';
import { rememberProfile } from '../profile/profile-storage';
import { LoadFailed, ShowMore } from './list-states';
import { relativeTime } from './relative-time';
import { useMarkRead, useNotifications } from './use-notifications';
import './social.css';

/**
 * What happened while the player was away: new followers, replies, likes. Opening it marks what
 * it shows as read, up to the newest one on screen.
 */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useNotifications();
  const markRead = useMarkRead();
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  // The newest unread one shown: everything up to it has now been seen.
  const newestUnread = items.reduce((max, item) => (item.read ? max : Math.max(max, item.id)), 0);
  const marked = useRef(0);
  const { mutate } = markRead;

  useEffect(() => {
    if (newestUnread <= marked.current) return;
    marked.current = newestUnread;
    mutate(newestUnread);
  }, [newestUnread, mutate]);

  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop
      className="dialog social-sheet notif-panel"
      overlayClassName="social-sheet-overlay notif-overlay"
      testId="notifications"
    >
      <DialogHeader titleId={titleId} title={t('common.notifications')} onClose={onClose} />
      {query.isPending ? (
        <ul className="notif-list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="notif notif--skeleton skeleton" />
          ))}
        </ul>
      ) : query.isError ? (
        <LoadFailed
          message={t('social.notifications.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="social-empty">
          <p className="social-empty__title">{t('social.notifications.emptyTitle')}</p>
          <p>{t('social.notifications.emptyBody')}</p>
          <Link to="/For_You" className="button button--gold button--small" onClick={onClose}>
            {t('social.notifications.explore')}
          </Link>
        </div>
      ) : (
        <ul className="notif-list">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} onOpen={onClose} />
          ))}
        </ul>
      )}
      <ShowMore query={query} />
    </Modal>
  );
}

function NotificationRow({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const actor = item.actor;
  const profile = `/profile/${encodeURIComponent(actor.taleforge_id)}`;
  const openProfile = () => {
    rememberProfile(actor);
    onOpen();
  };
  return (
    <li className={item.read ? 'notif' : 'notif notif--unread'} data-testid="notification">
      <Link
        to={profile}
        className="notif__avatar"
        tabIndex={-1}
        aria-hidden="true"
        onClick={openProfile}
      >
        <ProfileAvatar src={actor.avatar} name={actor.nick_name} alt="" className="social-avatar" />
      </Link>
      <div className="notif__text">
        <p>
          <Link to={profile} className="notif__actor" onClick={openProfile}>
            {actor.nick_name}
          </Link>{' '}
          {t(`social.notifications.kinds.${item.kind}`)}
          {!item.read && <span className="sr-only"> {t('social.notifications.new')}</span>}
        </p>
        {item.excerpt && <p className="notif__excerpt">“{item.excerpt}”</p>}
        <time className="notif__time" dateTime={item.created_at}>
          {relativeTime(item.created_at, currentLocale())}
        </time>
      </div>
      {item.game && (
        <Link to={`/drama/${item.game.id}`} className="notif__work" onClick={onOpen}>
          <img src={item.game.cover} alt="" />
          <span className="notif__work-title">{item.game.title}</span>
        </Link>
      )}
    </li>
  );
}
