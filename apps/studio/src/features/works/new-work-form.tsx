import { SCRIPT_TYPES, type ScriptType } from '@taleforge/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { ErrorMessage } from '../../shared/ui/error-message';
import { studioCalls, workKeys } from './works-api';

/** A new work needs only a title (in the creator's language) and a script type. */
export function NewWorkForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [title, setTitle] = useState('');
  const [scriptType, setScriptType] = useState<ScriptType>('SUSPENSE');
  const create = useMutation({
    mutationFn: () =>
      request(studioCalls.create, {
        body: { title: { [currentLocale()]: title.trim() }, script_type: scriptType },
      }),
    onSuccess: (work) => {
      queries.setQueryData(workKeys.one(work.id), work);
      void queries.invalidateQueries({ queryKey: workKeys.list });
      void navigate(`/works/${work.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card new-work" onSubmit={submit} aria-labelledby="new-work-title">
      <h2 id="new-work-title">{t('works.new')}</h2>
      <div className="new-work-fields">
        <label className="field">
          <span>{t('work.titleLabel')}</span>
          <input
            required
            maxLength={80}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('work.scriptType')}</span>
          <select
            value={scriptType}
            onChange={(event) => setScriptType(event.target.value as ScriptType)}
          >
            {SCRIPT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`scriptType.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('works.create')}
        </button>
      </div>
      <ErrorMessage error={create.error} />
    </form>
  );
}
