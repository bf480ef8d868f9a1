import { useTranslation } from 'react-i18next';
import { LocalizedFields } from './localized-fields';
import type { Draft, WorkDraft } from './use-work-draft';

type Minigame = Draft['minigames'][number];
type Kind = Minigame['spec']['kind'];

/** A fresh mini-game of each kind, valid as it stands. */
const BLANK: Record<Kind, Minigame['spec']> = {
  puzzle: { kind: 'puzzle', prompt: {}, pieces: [{}, {}] },
  dice: { kind: 'dice', opponent: 'rival', target: 7 },
  word: { kind: 'word', clue: {}, answer: {} },
};

/** Mini-games the story starts with `# minigame: key`, as the demo games have them. */
export function MinigamesSection({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const { draft, edit } = state;
  if (!draft) return null;
  const games = draft.minigames;
  const set = (index: number, game: Minigame | null) =>
    edit({
      minigames: game
        ? games.map((other, i) => (i === index ? game : other))
        : games.filter((_, i) => i !== index),
    });
  return (
    <div className="stack">
      <p className="hint">{t('minigames.hint')}</p>
      {games.map((game, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the key is being edited in this very form; a key from it would remount the form, and lose focus, at every keystroke
        <div key={index} className="card">
          <div className="row">
            <label className="field">
              <span>{t('minigames.key')}</span>
              <input
                value={game.key}
                maxLength={64}
                onChange={(event) => set(index, { ...game, key: event.target.value.toLowerCase() })}
              />
            </label>
            <label className="field">
              <span>{t('minigames.kind')}</span>
              <select
                value={game.spec.kind}
                onChange={(event) =>
                  set(index, { ...game, spec: BLANK[event.target.value as Kind] })
                }
              >
                {(Object.keys(BLANK) as Kind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`minigames.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <SpecFields spec={game.spec} onChange={(spec) => set(index, { ...game, spec })} />
          <button type="button" className="btn btn-danger" onClick={() => set(index, null)}>
            {t('minigames.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() =>
          edit({ minigames: [...games, { key: `game${games.length + 1}`, spec: BLANK.puzzle }] })
        }
      >
        {t('minigames.add')}
      </button>
    </div>
  );
}

function SpecFields({
  spec,
  onChange,
}: {
  spec: Minigame['spec'];
  onChange: (spec: Minigame['spec']) => void;
}) {
  const { t } = useTranslation();
  if (spec.kind === 'dice') {
    return (
      <div className="row">
        <label className="field">
          <span>{t('minigames.opponent')}</span>
          <input
            value={spec.opponent}
            onChange={(e) => onChange({ ...spec, opponent: e.target.value.toLowerCase() })}
          />
        </label>
        <label className="field field-narrow">
          <span>{t('minigames.target')}</span>
          <input
            type="number"
            min={2}
            max={12}
            value={spec.target}
            onChange={(e) =>
              onChange({ ...spec, target: Math.min(12, Math.max(2, Number(e.target.value) || 2)) })
            }
          />
        </label>
      </div>
    );
  }
  if (spec.kind === 'word') {
    return (
      <>
        <LocalizedFields
          legend={t('minigames.clue')}
          value={spec.clue}
          maxLength={300}
          onChange={(clue) => onChange({ ...spec, clue })}
        />
        <LocalizedFields
          legend={t('minigames.answer')}
          value={spec.answer}
          maxLength={40}
          onChange={(answer) => onChange({ ...spec, answer })}
        />
      </>
    );
  }
  return (
    <>
      <LocalizedFields
        legend={t('minigames.prompt')}
        value={spec.prompt}
        maxLength={300}
        onChange={(prompt) => onChange({ ...spec, prompt })}
      />
      {spec.pieces.map((piece, index) => (
        <LocalizedFields
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces have nothing but their place
          key={index}
          legend={t('minigames.piece', { n: index + 1 })}
          value={piece}
          maxLength={60}
          onChange={(changed) =>
            onChange({ ...spec, pieces: spec.pieces.map((p, i) => (i === index ? changed : p)) })
          }
        />
      ))}
      {spec.pieces.length < 8 && (
        <button
          type="button"
          className="btn"
          onClick={() => onChange({ ...spec, pieces: [...spec.pieces, {}] })}
        >
          {t('minigames.addPiece')}
        </button>
      )}
    </>
  );
}
