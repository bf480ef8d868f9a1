import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LocalizedFields } from './localized-fields';
import type { Draft, WorkDraft } from './use-work-draft';

type Chapter = Draft['chapters'][number];

/** What a chapter after the first costs unless the creator says otherwise. */
const DEFAULT_PRICE = 30;

export function ChaptersSection({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const { draft, edit, work } = state;
  if (!draft || !work.data) return null;
  const set = (index: number, change: Partial<Chapter> | null) => {
    const chapters = [...draft.chapters];
    if (change) chapters[index] = { ...chapters[index]!, ...change };
    else chapters.splice(index, 1);
    edit({ chapters });
  };
  const add = () => {
    const n = draft.chapters.length + 1;
    const chapter: Chapter = {
      title: {},
      file: `chapter${n}.ink`,
      // The first chapter is free by default, so a player can always start.
      price_gems: draft.chapters.length === 0 ? 0 : DEFAULT_PRICE,
    };
    edit({ chapters: [...draft.chapters, chapter] });
  };
  return (
    <div className="stack">
      <p className="hint">{t('chapters.hint')}</p>
      <ol className="chapter-list">
        {draft.chapters.map((chapter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the key is being edited in this very form; a key from it would remount the form, and lose focus, at every keystroke
          <li key={index} className="card chapter">
            <h2 className="chapter-heading">{t('chapters.number', { n: index + 1 })}</h2>
            <LocalizedFields
              legend={t('chapters.title')}
              value={chapter.title}
              maxLength={80}
              name
              onChange={(title) => set(index, { title })}
            />
            <div className="row">
              <label className="field">
                <span>{t('chapters.file')}</span>
                <input
                  value={chapter.file}
                  maxLength={STUDIO_LIMITS.pathMaxChars}
                  onChange={(event) => set(index, { file: event.target.value })}
                />
              </label>
              <label className="field field-narrow">
                <span>{t('chapters.price')}</span>
                <input
                  type="number"
                  min={0}
                  max={STUDIO_LIMITS.chapterPriceMax}
                  value={chapter.price_gems}
                  onChange={(event) =>
                    set(index, {
                      price_gems: Math.max(0, Math.floor(Number(event.target.value) || 0)),
                    })
                  }
                />
              </label>
            </div>
            <div className="row">
              <Link className="btn" to={`/works/${work.data!.id}/editor`}>
                {t('chapters.editInk')}
              </Link>
              <button type="button" className="btn btn-danger" onClick={() => set(index, null)}>
                {t('chapters.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="btn" onClick={add}>
        {t('chapters.add')}
      </button>
    </div>
  );
}
