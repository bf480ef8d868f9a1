import type { GameCard } from '@taleforge/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  query: UseQueryResult<GameCard[]>;
  rowClass: string;
  skeleton: ReactNode;
  render: (game: GameCard) => ReactNode;
  action?: ReactNode;
};

/** One row of the Drama tab, with its loading, empty and failed states. */
export function DramaShelf({ title, query, rowClass, skeleton, render, action }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="home-section" aria-labelledby={titleId} aria-busy={query.isPending}>
      <div className="home-section__head">
        <h2 id={titleId} className="home-section__title">
          {title}
        </h2>
        {action}
      </div>
      {query.isError ? (
        <div className="home-error" role="alert">
          <p>{t('series.shelves.failed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void query.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : query.data?.length === 0 ? (
        <p className="drama-tab__empty">{t('series.shelves.empty')}</p>
      ) : (
        <ul className={rowClass}>
          {query.data
            ? query.data.map((game) => <li key={game.id}>{render(game)}</li>)
            : ['a', 'b', 'c', 'd'].map((key) => <li key={key}>{skeleton}</li>)}
        </ul>
      )}
    </section>
  );
}
