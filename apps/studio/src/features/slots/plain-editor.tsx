import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { ErrorMessage } from '../../shared/ui/error-message';
import { studioCalls } from '../works/works-api';
import { PlainPreview } from './plain-preview';
import type { EditorSlotProps } from './slot-props';

/**
 * A plain text editor for the work's ink files: the stand-in for the CodeMirror editor
 * (features/editor), enough to write, save, compile and preview a story.
 */
export function PlainEditor({ work, onChange }: EditorSlotProps) {
  const { t } = useTranslation();
  const paths = [
    ...new Set([...work.chapters.map((c) => c.file), ...work.files.map((f) => f.path)]),
  ];
  const [path, setPath] = useState(paths[0] ?? 'main.ink');
  // Unsaved text per file, so switching files keeps what was typed in each.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const text = edits[path] ?? null;
  const setText = (value: string | null) =>
    setEdits((current) => {
      const { [path]: _dropped, ...others } = current;
      return value === null ? others : { ...others, [path]: value };
    });
  const file = useQuery({
    queryKey: ['studio', 'file', work.id, path],
    queryFn: ({ signal }) => request(studioCalls.file, { query: { id: work.id, path }, signal }),
    enabled: work.files.some((f) => f.path === path),
  });
  const source = text ?? file.data?.source ?? '';

  const save = useMutation({
    mutationFn: async () => {
      await request(studioCalls.saveFile, { body: { id: work.id, path, source } });
      return request(studioCalls.work, { query: { id: work.id } });
    },
    onSuccess: (saved) => {
      file.refetch();
      setText(null);
      onChange(saved);
    },
  });
  const compile = useMutation({
    mutationFn: () => request(studioCalls.compile, { body: { id: work.id } }),
  });

  return (
    <div className="plain-editor">
      <div className="row">
        <label className="field">
          <span>{t('editor.file')}</span>
          <select value={path} onChange={(event) => setPath(event.target.value)}>
            {paths.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-primary"
          disabled={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('editor.save')}
        </button>
        <button type="button" className="btn" onClick={() => compile.mutate()}>
          {t('editor.compile')}
        </button>
      </div>
      <label className="field">
        <span>{t('editor.source', { path })}</span>
        <textarea
          className="ink-source"
          spellCheck={false}
          rows={16}
          value={source}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <ErrorMessage error={save.error ?? compile.error ?? file.error} />
      {save.isSuccess && text === null && <p role="status">{t('editor.saved')}</p>}
      {compile.data && (
        <div role="status" className="diagnostics">
          {compile.data.ok && compile.data.diagnostics.length === 0 && (
            <p>{t('editor.compiled')}</p>
          )}
          <ul>
            {compile.data.diagnostics.map((d) => (
              <li key={`${d.file}:${d.line}:${d.message}`} className={`diag diag-${d.severity}`}>
                {d.file}:{d.line} — {d.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <PlainPreview work={work} />
    </div>
  );
}
