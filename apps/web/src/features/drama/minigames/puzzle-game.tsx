import type { Minigame } from '@taleforge/contracts';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReveal } from './use-reveal';

type Puzzle = Extract<Minigame, { kind: 'puzzle' }>;

/**
 * Tap a piece to put it in the next free slot, tap a slot to take it back. The server judges the
 * order; its messages ("Please fill all puzzle slots first", …) arrive as toasts.
 */
export function PuzzleGame({
  game,
  disabled,
  onSubmit,
}: {
  game: Puzzle;
  disabled: boolean;
  onSubmit: (slots: (string | null)[]) => void;
}) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  useReveal(section);
  const [slots, setSlots] = useState<(string | null)[]>(() => game.pieces.map(() => null));
  const placed = new Set(slots.filter(Boolean));
  const label = (id: string | null) => game.pieces.find((p) => p.id === id)?.label ?? '';

  const place = (id: string) => {
    const free = slots.indexOf(null);
    if (free < 0) return;
    setSlots(slots.map((s, i) => (i === free ? id : s)));
  };

  return (
    <section ref={section} className="minigame" aria-labelledby="puzzle-title" data-testid="puzzle">
      <h2 id="puzzle-title" className="minigame__title">
        {t('play.puzzle.title')}
      </h2>
      <p className="minigame__prompt">{game.prompt}</p>
      <ol
        className="puzzle__slots"
        aria-label={t('play.puzzle.slots')}
        style={{ '--slots': Math.min(slots.length, 4) } as CSSProperties}
      >
        {slots.map((id, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position.
          <li key={`slot-${i}`}>
            <button
              type="button"
              className={`puzzle__slot ${id ? 'puzzle__slot--filled' : ''}`}
              disabled={disabled || !id}
              onClick={() => setSlots(slots.map((s, j) => (j === i ? null : s)))}
              aria-label={
                id
                  ? t('play.puzzle.takeBack', { n: i + 1, piece: label(id) })
                  : t('play.puzzle.emptySlot', { n: i + 1 })
              }
            >
              <span className="puzzle__number" aria-hidden="true">
                {i + 1}
              </span>
              {label(id)}
            </button>
          </li>
        ))}
      </ol>
      <ul className="puzzle__pieces" aria-label={t('play.puzzle.pieces')}>
        {game.pieces
          .filter((piece) => !placed.has(piece.id))
          .map((piece) => (
            <li key={piece.id}>
              <button
                type="button"
                className="puzzle__piece"
                disabled={disabled}
                onClick={() => place(piece.id)}
              >
                {piece.label}
              </button>
            </li>
          ))}
      </ul>
      <div className="minigame__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={disabled}
          onClick={() => setSlots(game.pieces.map(() => null))}
        >
          {t('play.puzzle.clear')}
        </button>
        <button
          type="button"
          className="button button--gold"
          disabled={disabled}
          onClick={() => onSubmit(slots)}
        >
          {t('play.puzzle.check')}
        </button>
      </div>
    </section>
  );
}
