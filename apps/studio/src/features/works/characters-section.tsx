import type { StudioCharacter } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/i18n';
import { CharacterForm } from './character-form';
import { pickText } from './localized';
import type { WorkDraft } from './use-work-draft';

const PALETTE = ['#f2c9a5', '#4a2f7a', '#8f6bff', '#f6c76b'] as const;

/** A new character with a face of its own; its key must differ from the others'. */
export function newCharacter(taken: readonly string[]): StudioCharacter {
  let n = taken.length + 1;
  while (taken.includes(`character${n}`)) n += 1;
  return {
    key: `character${n}`,
    name: {},
    persona: {},
    greeting: {},
    face: {
      skin: PALETTE[0],
      hair: PALETTE[1],
      hairStyle: 'short',
      eyes: PALETTE[2],
      accent: PALETTE[3],
    },
    expressions: {},
    chat: null,
  };
}

export function CharactersSection({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const { draft, edit } = state;
  if (!draft) return null;
  const replace = (index: number, character: StudioCharacter | null) => {
    const characters = [...draft.characters];
    if (character) characters[index] = character;
    else characters.splice(index, 1);
    edit({ characters });
  };
  return (
    <div className="stack">
      <p className="hint">{t('characters.hint')}</p>
      {draft.characters.map((character, index) => (
        <details
          // biome-ignore lint/suspicious/noArrayIndexKey: the key is being edited in this very form; a key from it would remount the form, and lose focus, at every keystroke
          key={index}
          className="card character"
          open={index === draft.characters.length - 1}
        >
          <summary>
            {pickText(character.name, currentLocale()) || t('characters.unnamed')}{' '}
            <code>{character.key}</code>
          </summary>
          <CharacterForm
            state={state}
            character={character}
            onChange={(changed) => replace(index, changed)}
            onRemove={() => replace(index, null)}
          />
        </details>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() =>
          edit({
            characters: [...draft.characters, newCharacter(draft.characters.map((c) => c.key))],
          })
        }
      >
        {t('characters.add')}
      </button>
    </div>
  );
}
