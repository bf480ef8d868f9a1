import { useTranslation } from 'react-i18next';

/** A list that could not be read: what happened, and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="social-empty" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** "Show more" under a cursor-paged list, while the server has another page. */
export function ShowMore({ query }: { query: Pages }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--ghost social-more"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('social.showMore')}
    </button>
  );
}
