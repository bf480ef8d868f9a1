import type { StudioCharacter } from '@taleforge/contracts';
import { EXPRESSIONS, type Expression } from '@taleforge/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { mediaUrl } from '../../shared/config';
import { ErrorMessage } from '../../shared/ui/error-message';
import { DrawnPortrait } from './art/drawn-portrait';
import { LocalizedFields } from './localized-fields';
import type { WorkDraft } from './use-work-draft';
import { studioCalls } from './works-api';

const FACE_COLOURS = ['skin', 'hair', 'eyes', 'accent'] as const;
const HAIR_STYLES = ['short', 'long', 'bun', 'spiky', 'hood'] as const;

export function CharacterForm({
  state,
  character,
  onChange,
  onRemove,
}: {
  state: WorkDraft;
  character: StudioCharacter;
  onChange: (character: StudioCharacter) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const set = (change: Partial<StudioCharacter>) => onChange({ ...character, ...change });
  const workId = state.work.data!.id;
  // An upload answers with the saved work: it only makes sense once the character is saved.
  const saved = !state.dirty && state.work.data!.characters.some((c) => c.key === character.key);
  const upload = useMutation({
    mutationFn: ({ expression, file }: { expression: Expression; file: File }) =>
      request(studioCalls.expression, {
        query: { id: workId, character: character.key, expression },
        raw: file,
      }),
    onSuccess: state.accept,
  });

  return (
    <div className="character-form">
      <div className="field">
        <label className="field-label">
          <span>{t('characters.key')}</span>
          <input
            value={character.key}
            pattern="[a-z][a-z0-9_\-]{0,63}"
            maxLength={64}
            aria-describedby={hintId}
            onChange={(event) => set({ key: event.target.value.toLowerCase() })}
          />
        </label>
        <small id={hintId} className="hint">
          {t('characters.keyHint')}
        </small>
      </div>
      <LocalizedFields
        legend={t('characters.name')}
        value={character.name}
        maxLength={40}
        name
        onChange={(name) => set({ name })}
      />
      <LocalizedFields
        legend={t('characters.persona')}
        value={character.persona}
        maxLength={1500}
        multiline
        onChange={(persona) => set({ persona })}
      />
      <LocalizedFields
        legend={t('characters.greeting')}
        value={character.greeting}
        maxLength={600}
        multiline
        onChange={(greeting) => set({ greeting })}
      />
      <fieldset className="face">
        <legend>{t('characters.face')}</legend>
        {FACE_COLOURS.map((part) => (
          <label key={part} className="colour">
            <input
              type="color"
              value={character.face[part]}
              onChange={(event) => set({ face: { ...character.face, [part]: event.target.value } })}
            />
            <span>{t(`characters.colour.${part}`)}</span>
          </label>
        ))}
        <label className="field">
          <span>{t('characters.hairStyle')}</span>
          <select
            value={character.face.hairStyle}
            onChange={(event) =>
              set({
                face: {
                  ...character.face,
                  hairStyle: event.target.value as (typeof HAIR_STYLES)[number],
                },
              })
            }
          >
            {HAIR_STYLES.map((style) => (
              <option key={style} value={style}>
                {t(`characters.hair.${style}`)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset className="expressions">
        <legend>{t('characters.expressions')}</legend>
        {!saved && <p className="hint">{t('characters.saveFirst')}</p>}
        <ul className="expression-grid">
          {EXPRESSIONS.map((expression) => {
            const image = character.expressions[expression];
            return (
              <li key={expression} className="expression">
                {image ? (
                  <img src={mediaUrl(image)} alt={t(`expression.${expression}`)} />
                ) : (
                  <DrawnPortrait
                    face={character.face}
                    expression={expression}
                    label={t('characters.drawn', { expression: t(`expression.${expression}`) })}
                  />
                )}
                <label className={`btn btn-small file-button${saved ? '' : ' disabled'}`}>
                  {t(`expression.${expression}`)}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    className="visually-hidden"
                    disabled={!saved}
                    aria-label={t('characters.upload', {
                      expression: t(`expression.${expression}`),
                    })}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) upload.mutate({ expression, file });
                      event.target.value = '';
                    }}
                  />
                </label>
              </li>
            );
          })}
        </ul>
        <ErrorMessage error={upload.error} />
      </fieldset>
      <button type="button" className="btn btn-danger" onClick={onRemove}>
        {t('characters.remove')}
      </button>
    </div>
  );
}
