import type { StudioWork } from '@taleforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { ErrorMessage } from '../../shared/ui/error-message';
import { studioCalls } from '../works/works-api';

/** Plays a saved chapter through the server's runtime; each pick replays from the start. */
export function PlainPreview({ work }: { work: StudioWork }) {
  const { t } = useTranslation();
  const [chapter, setChapter] = useState(1);
  const [choices, setChoices] = useState<number[]>([]);
  const preview = useMutation({
    mutationFn: (picked: number[]) =>
      request(studioCalls.preview, { body: { id: work.id, chapter, choices: picked } }),
  });
  const play = (picked: number[]) => {
    setChoices(picked);
    preview.mutate(picked);
  };
  if (work.chapters.length === 0) return null;
  return (
    <section className="preview card" aria-labelledby="preview-title">
      <h2 id="preview-title">{t('editor.preview')}</h2>
      <div className="row">
        <label className="field">
          <span>{t('editor.chapter')}</span>
          <select value={chapter} onChange={(event) => setChapter(Number(event.target.value))}>
            {work.chapters.map((c, index) => (
              <option key={c.file + String(index)} value={index + 1}>
                {index + 1}. {c.file}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={() => play([])}>
          {t('editor.playFromStart')}
        </button>
      </div>
      <ErrorMessage error={preview.error} />
      {preview.data && (
        <div className="preview-story" aria-live="polite">
          {preview.data.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines repeat and never reorder
            <p key={index}>{line.text}</p>
          ))}
          {preview.data.choices.map((choice) => (
            <button
              key={choice.index}
              type="button"
              className="btn choice"
              onClick={() => play([...choices, choice.index])}
            >
              {choice.text}
            </button>
          ))}
          {preview.data.ended && <p className="hint">{t('editor.ended')}</p>}
        </div>
      )}
    </section>
  );
}
