import { useRef, useState } from 'react';
import type { EditorApi, EditorChapter, PreviewResult } from './editor-api';
import { useEditorTexts } from './editor-texts';
import { errorText } from './save-queue';

interface Props {
  api: EditorApi;
  chapters: EditorChapter[];
  speakers: Record<string, string>;
  /** Saves pending changes; the preview plays what the server has. */
  flush: () => Promise<void>;
}

interface Run {
  chapter: number;
  knot: string | undefined;
  choices: number[];
}

/** `speaker: key` or `speaker: key:expression` names the character by key. */
const speakerKeyOf = (tags: string[]) =>
  tags.map((tag) => /^speaker\s*:\s*([^:\s]+)/.exec(tag)?.[1]).find(Boolean);

/**
 * Plays the saved draft through the server's runtime. The call is stateless, so the pane keeps
 * the choices made so far and sends them all each step; a newer step's answer always wins.
 */
export function PreviewPane({ api, chapters, speakers, flush }: Props) {
  const t = useEditorTexts();
  const [run, setRun] = useState<Run>({ chapter: 1, knot: undefined, choices: [] });
  const [result, setResult] = useState<PreviewResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const play = async (next: Run) => {
    const ticket = ++latest.current;
    setRun(next);
    setLoading(true);
    setError(null);
    try {
      await flush();
      const answer = await api.preview(next);
      if (ticket === latest.current) setResult(answer);
    } catch (failure) {
      if (ticket === latest.current) setError(errorText(failure));
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  };

  if (chapters.length === 0)
    return (
      <section className="ink-preview" aria-labelledby="ink-preview-title">
        <h2 id="ink-preview-title" className="ink-editor__heading">
          {t('editor.preview.title')}
        </h2>
        <p className="ink-preview__note">{t('editor.preview.noChapters')}</p>
      </section>
    );

  const variables = Object.entries(result?.variables ?? {});
  return (
    <section className="ink-preview" aria-labelledby="ink-preview-title" aria-busy={loading}>
      <h2 id="ink-preview-title" className="ink-editor__heading">
        {t('editor.preview.title')}
      </h2>
      <div className="ink-preview__controls">
        <label>
          {t('editor.preview.chapter')}
          <select
            value={run.chapter}
            onChange={(e) =>
              void play({ chapter: Number(e.target.value), knot: undefined, choices: [] })
            }
          >
            {chapters.map((chapter, i) => (
              // A chapter is its position: the preview call names it so.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <option key={i} value={i + 1}>
                {t('editor.preview.chapterN', { n: i + 1 })} · {chapter.file}
              </option>
            ))}
          </select>
        </label>
        {result && result.knots.length > 0 && (
          <label>
            {t('editor.preview.knot')}
            <select
              value={run.knot ?? ''}
              onChange={(e) =>
                void play({ ...run, knot: e.target.value || undefined, choices: [] })
              }
            >
              <option value="">{t('editor.preview.top')}</option>
              {result.knots.map((knot) => (
                <option key={knot} value={knot}>
                  {knot}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" onClick={() => void play({ ...run, choices: [] })}>
          {result ? t('editor.preview.restart') : t('editor.preview.play')}
        </button>
      </div>
      <p className="ink-preview__note" role="status">
        {loading
          ? t('editor.preview.loading')
          : error
            ? t('editor.preview.failed', { error })
            : result?.path
              ? t('editor.preview.at', { path: result.path })
              : result
                ? ''
                : t('editor.preview.empty')}
      </p>
      {result && (
        <>
          <ol className="ink-preview__lines">
            {result.lines.map((line, i) => {
              const key = speakerKeyOf(line.tags);
              const speaker = key ? (speakers[key] ?? key) : undefined;
              return (
                // Lines have no identity of their own; the list is rebuilt on every step.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={i} className="ink-preview__line">
                  {speaker && <strong className="ink-preview__speaker">{speaker}</strong>}
                  <span>{line.text}</span>
                  {line.tags.length > 0 && (
                    <span className="ink-preview__tags">
                      {line.tags.map((tag) => `# ${tag}`).join(' ')}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
          {result.ended ? (
            <p className="ink-preview__end">{t('editor.preview.ended')}</p>
          ) : (
            <ul className="ink-preview__choices" aria-label={t('editor.preview.choices')}>
              {result.choices.map((choice) => (
                <li key={choice.index}>
                  <button
                    type="button"
                    disabled={loading}
                    onClick={() => void play({ ...run, choices: [...run.choices, choice.index] })}
                  >
                    {choice.text}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h3 className="ink-editor__subheading">{t('editor.preview.variables')}</h3>
          {variables.length === 0 ? (
            <p className="ink-preview__note">{t('editor.preview.noVariables')}</p>
          ) : (
            <dl className="ink-preview__variables">
              {variables.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{JSON.stringify(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
}
