import type { InkDiagnostic } from './diagnostics';
import { useEditorTexts } from './editor-texts';

interface Props {
  diagnostics: InkDiagnostic[] | null;
  onPick: (diagnostic: InkDiagnostic) => void;
}

/** Every compiler message of the work; each is a button that opens its file at its line. */
export function ProblemsList({ diagnostics, onPick }: Props) {
  const t = useEditorTexts();
  const errors = diagnostics?.filter((d) => d.severity === 'error').length ?? 0;
  const warnings = diagnostics?.filter((d) => d.severity === 'warning').length ?? 0;
  return (
    <section className="ink-problems" aria-labelledby="ink-problems-title">
      <h2 id="ink-problems-title" className="ink-editor__heading">
        {t('editor.problems.title')}
        <span className="ink-problems__count" role="status">
          {diagnostics === null
            ? t('editor.problems.checking')
            : diagnostics.length === 0
              ? t('editor.problems.none')
              : t('editor.problems.count', { errors, warnings })}
        </span>
      </h2>
      {diagnostics && diagnostics.length > 0 && (
        <ul className="ink-problems__list">
          {diagnostics.map((d) => (
            <li key={`${d.file}:${d.line}:${d.severity}:${d.message}`}>
              <button
                type="button"
                className={`ink-problems__item ink-problems__item--${d.severity}`}
                onClick={() => onPick(d)}
              >
                <span className="ink-problems__severity">{t(`editor.problems.${d.severity}`)}</span>
                <span className="ink-problems__where">
                  {t('editor.problems.at', { file: d.file, line: d.line || 1 })}
                </span>
                <span className="ink-problems__message">{d.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
