import type { Minigame } from '@taleforge/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReveal } from './use-reveal';

type Word = Extract<Minigame, { kind: 'word' }>;

/** Unscramble the tiles: tap them in order or type the word. The server checks the guess. */
export function WordGame({
  game,
  disabled,
  onGuess,
}: {
  game: Word;
  disabled: boolean;
  onGuess: (guess: string) => void;
}) {
  const { t } = useTranslation();
  const section = useRef<HTMLFormElement>(null);
  useReveal(section);
  const [used, setUsed] = useState<number[]>([]);
  const [typed, setTyped] = useState('');
  const guess = typed || used.map((i) => game.tiles[i]).join('');
  const miss = game.misses.at(-1);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!guess) return;
    onGuess(guess);
    setUsed([]);
    setTyped('');
  };

  return (
    <form
      ref={section}
      className="minigame"
      aria-labelledby="word-title"
      data-testid="word"
      onSubmit={handleSubmit}
    >
      <h2 id="word-title" className="minigame__title">
        {t('play.word.title')}
      </h2>
      <p className="minigame__prompt">{game.clue}</p>
      <ul className="word__tiles" aria-label={t('play.word.tiles')}>
        {game.tiles.map((tile, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: letters repeat; a tile is its position.
          <li key={`${tile}-${i}`}>
            <button
              type="button"
              className="word__tile"
              disabled={disabled || used.includes(i) || typed !== ''}
              onClick={() => setUsed([...used, i])}
            >
              {tile}
            </button>
          </li>
        ))}
      </ul>
      <label className="word__field">
        <span className="sr-only">{t('play.word.answer')}</span>
        <input
          value={guess}
          onChange={(e) => {
            setUsed([]);
            setTyped(e.target.value);
          }}
          placeholder={t('play.word.placeholder')}
          autoComplete="off"
          maxLength={64}
          disabled={disabled}
        />
      </label>
      {miss === undefined ? (
        <p className="minigame__hint">{t('play.word.attempts', { count: game.attempts_left })}</p>
      ) : (
        // The server judged the guess; the count says how many tries remain.
        <p className="word__miss" role="alert" key={game.misses.length}>
          {t('play.word.miss', { guess: miss, count: game.attempts_left })}
        </p>
      )}
      <div className="minigame__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={disabled}
          onClick={() => {
            setUsed([]);
            setTyped('');
          }}
        >
          {t('play.word.clear')}
        </button>
        <button type="submit" className="button button--gold" disabled={disabled || !guess}>
          {t('play.word.submit')}
        </button>
      </div>
    </form>
  );
}
