import { SCRIPT_TYPES, type ScriptType } from '@taleforge/contracts/constants';
import { hasInvisible } from '@taleforge/contracts/text-policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
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
  const [untitled, setUntitled] = useState(false);
  // The name rule of the text policy (decision 50), said before the title is sent.
  const hidden = hasInvisible(title.trim());
  const titleInput = useRef<HTMLInputElement>(null);
  const titleError = useId();
  // One key per work meant: a double click or a retry of the same title and type makes one work.
  const intent = useRef<{ what: string; key: string } | null>(null);
  const create = useMutation({
    mutationFn: (body: { title: string; script_type: ScriptType; idempotency_key: string }) =>
      request(studioCalls.create, {
        body: { ...body, title: { [currentLocale()]: body.title } },
      }),
    onSuccess: (work) => {
      // Made: the next work of the same title and type is another intent.
      intent.current = null;
      queries.setQueryData(workKeys.one(work.id), work);
      void queries.invalidateQueries({ queryKey: workKeys.list });
      void navigate(`/works/${work.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || hidden) {
      setUntitled(!trimmed);
      titleInput.current?.focus();
      return;
    }
    const what = `${trimmed}|${scriptType}`;
    if (intent.current?.what !== what)
      intent.current = { what, key: `work-${crypto.randomUUID()}` };
    create.mutate({ title: trimmed, script_type: scriptType, idempotency_key: intent.current.key });
  };
  return (
    <form
      className="card new-work"
      onSubmit={submit}
      aria-labelledby="new-work-title"
      // Our own message, in the studio's language, for a title left empty or only spaces.
      noValidate
    >
      <h2 id="new-work-title">{t('works.new')}</h2>
      <div className="new-work-fields">
        <label className="field">
          <span>{t('work.titleLabel')}</span>
          <input
            ref={titleInput}
            required
            maxLength={80}
            value={title}
            aria-invalid={untitled || hidden || undefined}
            aria-describedby={untitled || hidden ? titleError : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              setUntitled(false);
            }}
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
      {(untitled || hidden) && (
        <p className="error-message" id={titleError} role="alert">
          {t(hidden ? 'textPolicy.invisible' : 'works.titleRequired')}
        </p>
      )}
      <ErrorMessage error={create.error} />
    </form>
  );
}
