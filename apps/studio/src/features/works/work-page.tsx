import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { ErrorMessage } from '../../shared/ui/error-message';
import { AnalyticsSlot, EditorSlot } from '../slots/slots';
import { ChaptersSection } from './chapters-section';
import { CharactersSection } from './characters-section';
import { DetailsSection } from './details-section';
import { ImportExport } from './import-export';
import { pickText } from './localized';
import { MinigamesSection } from './minigames-section';
import { PublishBar } from './publish-bar';
import { TasksSection } from './tasks-section';
import { useWorkDraft } from './use-work-draft';

const SECTIONS = [
  'details',
  'characters',
  'chapters',
  'editor',
  'tasks',
  'minigames',
  'files',
  'analytics',
] as const;
type Section = (typeof SECTIONS)[number];

/** One work: its sections as tabs (each its own address), a save bar and the publish actions. */
export function WorkPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const section: Section = SECTIONS.find((s) => s === params.section) ?? 'details';
  const state = useWorkDraft(id);
  const { work, draft } = state;

  if (work.error) return <ErrorMessage error={work.error} />;
  if (!work.data || !draft) return <p aria-busy="true">{t('common.loading')}</p>;
  const title = pickText(draft.title, currentLocale()) || t('works.untitled');

  return (
    <div className="page work-page">
      <div className="page-head">
        <div>
          <p className="eyebrow">
            <NavLink to="/">{t('works.title')}</NavLink>
          </p>
          <h1>{title}</h1>
        </div>
        <PublishBar state={state} />
      </div>
      <nav className="tabs" aria-label={t('work.sections')}>
        {SECTIONS.map((name) => (
          <NavLink
            key={name}
            to={`/works/${id}/${name}`}
            className={({ isActive }) =>
              `tab${isActive || (name === 'details' && !params.section) ? ' tab-active' : ''}`
            }
            aria-current={section === name ? 'page' : undefined}
          >
            {t(`work.tab.${name}`)}
          </NavLink>
        ))}
      </nav>
      {state.dirty && (
        <section className="save-bar" aria-label={t('work.unsaved')}>
          <span>{t('work.unsaved')}</span>
          <button type="button" className="btn btn-ghost" onClick={state.discard}>
            {t('work.discard')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={state.save.isPending}
            onClick={() => state.save.mutate()}
          >
            {t('work.save')}
          </button>
        </section>
      )}
      <ErrorMessage error={state.save.error} />
      <section className="section" aria-label={t(`work.tab.${section}`)}>
        {section === 'details' && <DetailsSection state={state} />}
        {section === 'characters' && <CharactersSection state={state} />}
        {section === 'chapters' && <ChaptersSection state={state} />}
        {section === 'tasks' && <TasksSection state={state} />}
        {section === 'minigames' && <MinigamesSection state={state} />}
        {section === 'files' && <ImportExport state={state} />}
        <Suspense fallback={<p aria-busy="true">{t('common.loading')}</p>}>
          {section === 'editor' && <EditorSlot work={work.data} onChange={state.accept} />}
          {section === 'analytics' && <AnalyticsSlot workId={id} />}
        </Suspense>
      </section>
    </div>
  );
}
