import type { UserGame } from '@taleforge/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GameCard } from './game-card';

/** The games this player has a save in, most recent first: one tap back into the story. */
export function ContinueShelf({ games }: { games: UserGame[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (games.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={titleId} data-section="continue">
      <h2 id={titleId} className="home-section__title">
        {t('home.sections.continue')}
      </h2>
      <ul className="card-row">
        {games.map((entry) => (
          <li key={entry.game.id}>
            <GameCard
              game={entry.game}
              progress={{ percent: entry.progress_percent, chapter: entry.chapter_title }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
