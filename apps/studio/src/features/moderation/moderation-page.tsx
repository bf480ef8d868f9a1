import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { isAdminSession, useSession } from '../../shared/session';
import { CommentQueue } from './comment-queue';
import type { ModerationApi } from './moderation-api';
import { SupportQueue } from './support-queue';
import './moderation.css';

const TABS = ['comments', 'support'] as const;

/**
 * The moderators' screen (decision 46): reported comments and support reports, for admins. The
 * server decides who is one; the page only spares others a queue that would refuse them.
 */
export function ModerationPage({ api }: { api: ModerationApi }) {
  const { t } = useTranslation();
  const signed = useSession();
  const params = useParams();
  const tab = params.tab === 'support' ? 'support' : 'comments';
  if (!isAdminSession(signed)) return <NotAllowed />;
  return (
    <div className="page moderation-page">
      <div className="page-head">
        <div>
          <h1>{t('moderation.title')}</h1>
          <p className="lead">{t('moderation.lead')}</p>
        </div>
      </div>
      <nav className="tabs" aria-label={t('moderation.title')}>
        {TABS.map((name) => (
          <NavLink
            key={name}
            to={`/moderation/${name}`}
            className={`tab${tab === name ? ' tab-active' : ''}`}
            aria-current={tab === name ? 'page' : undefined}
          >
            {t(`moderation.tab.${name}`)}
          </NavLink>
        ))}
      </nav>
      <section className="section" aria-label={t(`moderation.tab.${tab}`)}>
        {tab === 'comments' ? <CommentQueue api={api} /> : <SupportQueue api={api} />}
      </section>
    </div>
  );
}

export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <div className="page moderation-page">
      <div className="card not-allowed" role="alert">
        <h1>{t('moderation.notAllowed.title')}</h1>
        <p>{t('moderation.notAllowed.text')}</p>
        <Link className="btn btn-primary" to="/">
          {t('moderation.notAllowed.back')}
        </Link>
      </div>
    </div>
  );
}
