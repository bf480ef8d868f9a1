import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../shared/ui/error-message';

/** A queue's frame: loading, failure, the empty state, the items and "Load more". */
export function QueueList(props: {
  query: UseInfiniteQueryResult<unknown>;
  count: number;
  empty: string;
  label: string;
  notice: string;
  children: ReactNode;
}) {
  const { query, count, empty, label, notice, children } = props;
  const { t } = useTranslation();
  return (
    <>
      <p className="queue-notice" role="status">
        {notice}
      </p>
      <ErrorMessage error={query.error} />
      {query.isPending && <p aria-busy="true">{t('common.loading')}</p>}
      {query.isSuccess && count === 0 && !query.hasNextPage && <p className="empty">{empty}</p>}
      {count > 0 && (
        <ul className="queue" aria-label={label}>
          {children}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn queue-more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('moderation.more')}
        </button>
      )}
    </>
  );
}
