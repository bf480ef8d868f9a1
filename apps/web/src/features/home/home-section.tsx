import type { HomeSection as HomeSectionData } from '@taleforge/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GameCard, GameCardSkeleton } from './game-card';

function useSectionTitle(section: HomeSectionData): string {
  const { t } = useTranslation();
  if (section.key === 'recommended') return t('home.sections.recommended');
  if (section.key === 'new') return t('home.sections.new');
  if (section.script_type) {
    return t('home.sections.genre', { genre: t(`genres.${section.script_type}`) });
  }
  return section.key;
}

/** A shelf; `action` sits beside its title (the first shelf's link to every story). */
export function HomeSection({ section, action }: { section: HomeSectionData; action?: ReactNode }) {
  const titleId = useId();
  const title = useSectionTitle(section);
  return (
    <section className="home-section" aria-labelledby={titleId} data-section={section.key}>
      <div className="home-section__head">
        <h2 id={titleId} className="home-section__title">
          {title}
        </h2>
        {action}
      </div>
      <ul className="card-row">
        {section.games.map((game) => (
          <li key={game.id}>
            <GameCard game={game} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomeSectionSkeleton() {
  return (
    <div className="home-section" aria-hidden="true">
      <div className="skeleton home-section__title-skeleton" />
      <div className="card-row">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <GameCardSkeleton key={key} />
        ))}
      </div>
    </div>
  );
}
