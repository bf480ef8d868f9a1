import type { StudioWorkSummary } from '@taleforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../shared/api';
import { mediaUrl } from '../../shared/config';
import { currentLocale } from '../../shared/i18n/i18n';
import { ErrorMessage } from '../../shared/ui/error-message';
import { GeneratedCover } from './art/generated-cover';
import { pickText } from './localized';
import { NewWorkForm } from './new-work-form';
import { studioCalls, workKeys } from './works-api';

/** The creator's works, newest change first, and the way to start a new one. */
export function WorksPage() {
  const { t } = useTranslation();
  const works = useQuery({
    queryKey: workKeys.list,
    queryFn: ({ signal }) => request(studioCalls.works, { signal }),
  });

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('works.title')}</h1>
          <p className="lead">{t('works.lead')}</p>
        </div>
      </div>
      <NewWorkForm />
      <ErrorMessage error={works.error} />
      {works.isPending && <p aria-busy="true">{t('common.loading')}</p>}
      {works.data && works.data.works.length === 0 && <p className="empty">{t('works.empty')}</p>}
      {works.data && works.data.works.length > 0 && (
        <ul className="work-grid" aria-label={t('works.title')}>
          {works.data.works.map((work) => (
            <WorkCard key={work.id} work={work} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WorkCard({ work }: { work: StudioWorkSummary }) {
  const { t } = useTranslation();
  const title = pickText(work.title, currentLocale()) || t('works.untitled');
  return (
    <li className="work-card">
      <Link to={`/works/${work.id}`} className="work-card-link">
        {work.cover_url ? (
          <img className="work-cover" src={mediaUrl(work.cover_url)} alt="" loading="lazy" />
        ) : (
          <GeneratedCover className="work-cover" title={title} scriptType={work.script_type} />
        )}
        <span className="work-card-body">
          <span className="work-card-title">{title}</span>
          <span className="work-card-meta">
            <span className={`state state-${work.state}`}>{t(`state.${work.state}`)}</span>
            {work.has_changes && work.state !== 'draft' && (
              <span className="badge">{t('works.unpublishedChanges')}</span>
            )}
          </span>
          <span className="work-card-type">{t(`scriptType.${work.script_type}`)}</span>
        </span>
      </Link>
    </li>
  );
}
