import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { useErrorText } from '../../shared/ui/error-message';
import InkEditor, { type EditorApi } from '../editor';
import { pickText } from '../works/localized';
import { studioCalls } from '../works/works-api';
import type { EditorSlotProps } from './slot-props';

/**
 * The ink editor bound to one work: its four calls through the studio's client, failures as the
 * call's localized text. Every chapter's file exists before the editor opens, so a new chapter
 * can be written at once.
 */
export default function EditorSlot({ work, onChange }: EditorSlotProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = work.id;
  const call = async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new Error(errorText(error));
    }
  };
  const api: EditorApi = {
    loadFile: (path) => call(() => request(studioCalls.file, { query: { id, path } })),
    saveFile: (path, source) =>
      call(() => request(studioCalls.saveFile, { body: { id, path, source } })),
    deleteFile: (path) => call(() => request(studioCalls.deleteFile, { body: { id, path } })),
    preview: (body) => call(() => request(studioCalls.preview, { body: { id, ...body } })),
    check: () =>
      call(() => request(studioCalls.compile, { body: { id } })).then((r) => r.diagnostics),
  };
  const ready = useQuery({
    queryKey: ['studio', 'chapter-files', id, work.chapters.map((c) => c.file).join('|')],
    queryFn: async () => {
      const missing = work.chapters
        .map((chapter) => chapter.file)
        .filter((file, index, all) => all.indexOf(file) === index)
        .filter((file) => !work.files.some((f) => f.path === file));
      if (missing.length === 0) return work;
      for (const file of missing)
        await request(studioCalls.saveFile, { body: { id, path: file, source: '' } });
      const fresh = await request(studioCalls.work, { query: { id } });
      onChange(fresh);
      return fresh;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (ready.error) {
    return (
      <p className="error-message" role="alert">
        {errorText(ready.error)}
      </p>
    );
  }
  if (!ready.data) return <p aria-busy="true">{t('common.loading')}</p>;
  const refresh = () =>
    void request(studioCalls.work, { query: { id } }).then(onChange, () => undefined);
  return (
    <InkEditor
      key={id}
      files={ready.data.files}
      chapters={ready.data.chapters}
      speakers={Object.fromEntries(
        ready.data.characters.map((c) => [c.key, pickText(c.name, currentLocale()) || c.key]),
      )}
      api={api}
      onRevision={refresh}
      onFilesChange={refresh}
    />
  );
}
