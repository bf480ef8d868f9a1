import type { Minigame } from '@taleforge/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReveal } from './use-reveal';

type Dice = Extract<Minigame, { kind: 'dice' }>;

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 26],
    [72, 26],
    [28, 50],
    [72, 50],
    [28, 74],
    [72, 74],
  ],
};

export function DieFace({ value, label }: { value: number | null; label: string }) {
  return (
    <svg className="die" viewBox="0 0 100 100" role="img" aria-label={label}>
      <rect x="4" y="4" width="92" height="92" rx="18" />
      {value ? (
        PIPS[value]?.map(([x, y]) => <circle key={`${x}-${y}`} cx={x} cy={y} r="8.5" />)
      ) : (
        <text x="50" y="64" textAnchor="middle">
          ?
        </text>
      )}
    </svg>
  );
}

/** Both dice are rolled by the server; this only asks for a roll and shows what came up. */
export function DiceGame({
  game,
  disabled,
  onRoll,
}: {
  game: Dice;
  disabled: boolean;
  onRoll: () => void;
}) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  useReveal(section);
  const last = game.rolls.at(-1) ?? null;
  return (
    <section ref={section} className="minigame" aria-labelledby="dice-title" data-testid="dice">
      <h2 id="dice-title" className="minigame__title">
        {t('play.dice.title', { name: game.opponent_name })}
      </h2>
      <p className="minigame__prompt">{t('play.dice.rules', { target: game.target })}</p>
      <div className="dice__table" key={game.rolls.length}>
        <div className="dice__side">
          <span className="dice__name">{t('play.you')}</span>
          <DieFace
            value={last?.player ?? null}
            label={t('play.dice.yourDie', { value: last?.player ?? '?' })}
          />
          <span className="dice__score">{game.player}</span>
        </div>
        <span className="dice__vs" aria-hidden="true">
          VS
        </span>
        <div className="dice__side">
          <span className="dice__name">{game.opponent_name}</span>
          <DieFace
            value={last?.rival ?? null}
            label={t('play.dice.theirDie', { name: game.opponent_name, value: last?.rival ?? '?' })}
          />
          <span className="dice__score">{game.rival}</span>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {last
          ? t('play.dice.score', { you: game.player, them: game.rival, name: game.opponent_name })
          : ''}
      </p>
      <div className="minigame__actions">
        <button type="button" className="button button--gold" disabled={disabled} onClick={onRoll}>
          {t('play.dice.roll')}
        </button>
      </div>
    </section>
  );
}
