import type { STUDIO_EXPORT_PATH, STUDIO_IMPORT_KINDS } from '@taleforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { ErrorMessage } from '../../shared/ui/error-message';
import { pickText } from './localized';
import type { WorkDraft } from './use-work-draft';
import { studioCalls } from './works-api';

type ImportKind = (typeof STUDIO_IMPORT_KINDS)[number];
const EXPORT_PATH: typeof STUDIO_EXPORT_PATH = '/api/auth/studio/work/export';

/** The import kind a file is, by its name and, for JSON, by whether it carries a character card. */
export async function importKindOf(file: File): Promise<ImportKind | null> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.ink')) return 'ink';
  if (name.endsWith('.zip')) return 'ink_zip';
  if (name.endsWith('.twee') || name.endsWith('.tw')) return 'twee';
  if (name.endsWith('.png')) return 'card';
  if (name.endsWith('.json')) {
    const head = await file.slice(0, 4096).text();
    return /"spec"\s*:\s*"chara_card_v[23]"/.test(head) ? 'card' : 'ink_json';
  }
  return null;
}

function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Import (ink, ink zip, compiled ink, Twee, character cards) and export (sources, cards). */
export function ImportExport({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const work = state.work.data!;
  const importing = useMutation({
    mutationFn: async (file: File) => {
      const kind = await importKindOf(file);
      if (!kind) throw new UnknownKind();
      return request(studioCalls.import, {
        query: { id: work.id, kind, name: file.name },
        raw: file,
      });
    },
    onSuccess: (result) => state.accept(result.work),
  });
  const exporting = useMutation({
    mutationFn: async (what: {
      what: 'sources' | 'card_json' | 'card_png';
      character?: string;
    }) => {
      const file = await api.download(EXPORT_PATH, { id: work.id, ...what });
      saveAs(file.blob, file.name ?? `work-${work.id}`);
    },
  });
  const unknown = importing.error instanceof UnknownKind;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="import-title">
        <h2 id="import-title">{t('files.import')}</h2>
        <p className="hint">{t('files.importHint')}</p>
        <label className="btn btn-primary file-button">
          {t('files.chooseFile')}
          <input
            type="file"
            className="visually-hidden"
            accept=".ink,.zip,.json,.twee,.tw,.png"
            disabled={state.dirty || importing.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) importing.mutate(file);
              event.target.value = '';
            }}
          />
        </label>
        {state.dirty && <p className="hint">{t('characters.saveFirst')}</p>}
        {unknown ? (
          <p className="error-message" role="alert">
            {t('files.unknownKind')}
          </p>
        ) : (
          <ErrorMessage error={importing.error} />
        )}
        {importing.data && (
          <div role="status">
            <p>{t('files.imported')}</p>
            {importing.data.unconverted.length > 0 && (
              <>
                <h3>{t('files.unconverted')}</h3>
                <ul className="unconverted">
                  {importing.data.unconverted.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one passage may list the same thing twice
                    <li key={index}>
                      <strong>{item.where}</strong>: <code>{item.what}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">{t('files.export')}</h2>
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() => exporting.mutate({ what: 'sources' })}
          >
            {t('files.exportSources')}
          </button>
        </div>
        <ul className="export-list">
          {work.characters.map((character) => {
            const name = pickText(character.name, currentLocale()) || character.key;
            return (
              <li key={character.key} className="row">
                <span>{name}</span>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => exporting.mutate({ what: 'card_json', character: character.key })}
                >
                  {t('files.cardJson')}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => exporting.mutate({ what: 'card_png', character: character.key })}
                >
                  {t('files.cardPng')}
                </button>
              </li>
            );
          })}
        </ul>
        <ErrorMessage error={exporting.error} />
      </section>
    </div>
  );
}

class UnknownKind extends Error {}
