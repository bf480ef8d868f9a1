import { SCRIPT_TYPES, type ScriptType, STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { mediaUrl } from '../../shared/config';
import { currentLocale } from '../../shared/i18n/i18n';
import { ErrorMessage } from '../../shared/ui/error-message';
import { GeneratedCover } from './art/generated-cover';
import { DeleteWork } from './delete-work';
import { pickText } from './localized';
import { LocalizedFields } from './localized-fields';
import type { WorkDraft } from './use-work-draft';
import { studioCalls } from './works-api';

/** Title, description, script type, tags, cover, and deleting the work. */
export function DetailsSection({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const { draft, edit, work } = state;
  const [tag, setTag] = useState('');
  const cover = useMutation({
    mutationFn: (file: File) =>
      request(studioCalls.cover, { query: { id: work.data!.id }, raw: file }),
    onSuccess: () => void work.refetch(),
  });
  if (!draft || !work.data) return null;
  const addTag = () => {
    const text = tag.trim();
    if (text && !draft.tags.includes(text) && draft.tags.length < STUDIO_LIMITS.tagsMax) {
      edit({ tags: [...draft.tags, text] });
    }
    setTag('');
  };

  return (
    <div className="details">
      <div className="details-main">
        <LocalizedFields
          legend={t('work.titleLabel')}
          value={draft.title}
          maxLength={STUDIO_LIMITS.titleMaxChars}
          name
          onChange={(title) => edit({ title })}
        />
        <LocalizedFields
          legend={t('work.description')}
          value={draft.description}
          maxLength={STUDIO_LIMITS.descriptionMaxChars}
          multiline
          onChange={(description) => edit({ description })}
        />
        <label className="field">
          <span>{t('work.scriptType')}</span>
          <select
            value={draft.script_type}
            onChange={(event) => edit({ script_type: event.target.value as ScriptType })}
          >
            {SCRIPT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`scriptType.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="tags">
          <legend>{t('work.tags')}</legend>
          <ul className="tag-list">
            {draft.tags.map((name) => (
              <li key={name} className="tag">
                {name}
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={t('work.removeTag', { tag: name })}
                  onClick={() => edit({ tags: draft.tags.filter((other) => other !== name) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="row">
            <input
              aria-label={t('work.newTag')}
              maxLength={24}
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTag();
                }
              }}
            />
            <button type="button" className="btn" onClick={addTag}>
              {t('work.addTag')}
            </button>
          </div>
        </fieldset>
      </div>
      <aside className="card cover-card">
        <h2>{t('work.cover')}</h2>
        {work.data.cover_url ? (
          <img
            className="cover-large"
            src={mediaUrl(work.data.cover_url)}
            alt={t('work.coverAlt')}
          />
        ) : (
          <GeneratedCover
            className="cover-large"
            title={pickText(draft.title, currentLocale()) || t('works.untitled')}
            scriptType={draft.script_type}
          />
        )}
        <p className="hint">{t(work.data.cover_url ? 'work.coverHint' : 'work.coverDrawn')}</p>
        <label className="btn file-button">
          {t('work.uploadCover')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) cover.mutate(file);
              event.target.value = '';
            }}
          />
        </label>
        <ErrorMessage error={cover.error} />
      </aside>
      <DeleteWork
        id={work.data.id}
        title={pickText(work.data.title, currentLocale()) || t('works.untitled')}
      />
    </div>
  );
}
