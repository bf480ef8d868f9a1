import { INK_PATH_PATTERN, STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useEditorTexts } from './editor-texts';
import type { SaveStatus } from './save-queue';

interface Props {
  paths: string[];
  active: string | null;
  status: Record<string, SaveStatus>;
  onOpen: (path: string) => void;
  onAdd: (path: string) => Promise<void>;
  onRename: (from: string, to: string) => Promise<void>;
  onDelete: (path: string) => Promise<void>;
}

type Form = { mode: 'add' } | { mode: 'rename'; from: string } | null;

/** The work's files as tabs, with add, rename and delete, and each file's save state. */
export function FilesPanel({ paths, active, status, onOpen, onAdd, onRename, onDelete }: Props) {
  const t = useEditorTexts();
  const [form, setForm] = useState<Form>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const openForm = (next: Form) => {
    setForm(next);
    setName(next?.mode === 'rename' ? next.from : '');
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const path = name.trim();
    if (path.length > STUDIO_LIMITS.pathMaxChars || !INK_PATH_PATTERN.test(path))
      return setError(t('editor.files.invalid'));
    if (paths.includes(path)) return setError(t('editor.files.exists'));
    try {
      if (form?.mode === 'rename') await onRename(form.from, path);
      else await onAdd(path);
      openForm(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const handleDelete = async (path: string) => {
    if (!window.confirm(t('editor.files.confirmDelete', { file: path }))) return;
    try {
      await onDelete(path);
    } catch (failure) {
      setError(t('editor.files.failed', { file: path, error: (failure as Error).message }));
    }
  };

  return (
    <nav className="ink-files" aria-label={t('editor.files.title')}>
      <ul className="ink-files__tabs">
        {paths.map((path) => {
          const state = status[path]?.state ?? 'saved';
          return (
            <li key={path} className="ink-files__tab">
              <button
                type="button"
                className="ink-files__open"
                aria-current={path === active ? 'page' : undefined}
                onClick={() => onOpen(path)}
              >
                {path}
                {state !== 'saved' && (
                  <span className={`ink-files__dot ink-files__dot--${state}`} aria-hidden="true" />
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="ink-files__actions">
        <button type="button" onClick={() => openForm({ mode: 'add' })}>
          {t('editor.files.add')}
        </button>
        {active && (
          <>
            <button type="button" onClick={() => openForm({ mode: 'rename', from: active })}>
              {t('editor.files.rename')}
            </button>
            <button type="button" onClick={() => void handleDelete(active)}>
              {t('editor.files.delete')}
            </button>
          </>
        )}
      </div>
      {form && (
        <form className="ink-files__form" onSubmit={(e) => void handleSubmit(e)}>
          <label>
            {t('editor.files.name')}
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'ink-files-error' : undefined}
              // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request.
              autoFocus
            />
          </label>
          <button type="submit">
            {form.mode === 'add' ? t('editor.files.create') : t('editor.files.confirmRename')}
          </button>
          <button type="button" onClick={() => openForm(null)}>
            {t('editor.files.cancel')}
          </button>
        </form>
      )}
      {error && (
        <p id="ink-files-error" className="ink-editor__error" role="alert">
          {error}
        </p>
      )}
    </nav>
  );
}
