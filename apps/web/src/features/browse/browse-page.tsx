import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { GameCard, GameCardSkeleton } from '../home/game-card';
import { BROWSE_PAGE_SIZE, useGameList } from './browse-api';
import { BrowseFilters } from './browse-filters';
import {
  type BrowseParams,
  isFiltered,
  readBrowseParams,
  writeBrowseParams,
} from './browse-params';
import { useInfiniteScroll } from './use-infinite-scroll';
import './browse.css';

const skeletonKeys = (count: number) => Array.from({ length: count }, (_, i) => `skeleton-${i}`);

/** Every published story: one genre or all, three orders, a search, more as the player scrolls. */
export function BrowsePage() {
  const { t } = useTranslation();
  usePageTitle(t('browse.title'));
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readBrowseParams(search), [search]);
  const change = useCallback(
    (next: BrowseParams, options?: { replace: boolean }) =>
      setSearch(writeBrowseParams(next), { replace: options?.replace ?? false }),
    [setSearch],
  );
  const list = useGameList(params);
  const games = list.data?.pages.flatMap((page) => page.list) ?? [];
  const total = list.data?.pages[0]?.total;
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isError;
  const sentinel = useInfiniteScroll(() => void list.fetchNextPage(), canLoadMore);

  return (
    <div className="browse">
      <header className="browse__head">
        <h1 className="browse__title">{t('browse.title')}</h1>
        <p className="browse__count" role="status">
          {list.isPending ? t('browse.loading') : t('browse.count', { count: total ?? 0 })}
        </p>
      </header>
      <BrowseFilters params={params} onChange={change} />

      {list.isError && games.length === 0 ? (
        <div className="browse-message" role="alert">
          <p>{t('browse.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void list.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : !list.isPending && games.length === 0 ? (
        <div className="browse-message">
          <h2 className="browse-message__title">{t('browse.emptyTitle')}</h2>
          <p>{t(isFiltered(params) ? 'browse.emptyFiltered' : 'browse.emptyAll')}</p>
          {isFiltered(params) && (
            <button
              type="button"
              className="button button--gold"
              onClick={() => change({ ...params, type: null, q: '' })}
            >
              {t('browse.clearFilters')}
            </button>
          )}
        </div>
      ) : (
        <ul className="browse-grid" aria-busy={list.isFetching} aria-label={t('browse.results')}>
          {games.map((game) => (
            <li key={game.id}>
              <GameCard game={game} />
            </li>
          ))}
          {(list.isPending || list.isFetchingNextPage) &&
            skeletonKeys(list.isPending ? 8 : Math.min(BROWSE_PAGE_SIZE, 4)).map((key) => (
              <li key={key} aria-hidden="true">
                <GameCardSkeleton />
              </li>
            ))}
        </ul>
      )}

      <div ref={sentinel} className="browse__sentinel" />
      {canLoadMore && (
        <button
          type="button"
          className="button button--ghost browse__more"
          onClick={() => void list.fetchNextPage()}
        >
          {t('browse.loadMore')}
        </button>
      )}
      {list.isError && games.length > 0 && (
        <div className="browse-message" role="alert">
          <p>{t('browse.loadMoreFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void list.fetchNextPage()}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
