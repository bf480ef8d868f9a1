import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/ui/dialog/modal';
import { CloseIcon } from '../../shared/ui/icons';
import { PersonRow } from './person-row';
import { useFollowList } from './use-follow';
import { useViewer } from './use-viewer';
import './social.css';

type Props = {
  taleforgeId: string;
  name: string;
  list: 'followers' | 'following';
  onClose: () => void;
};

/** A profile's followers or following, a page at a time, each with their own follow button. */
export function FollowListDialog({ taleforgeId, name, list, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useViewer();
  const query = useFollowList(taleforgeId, list);
  const people = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop
      className="dialog social-sheet"
      overlayClassName="social-sheet-overlay"
      testId="follow-list"
    >
      <header className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {t(`social.lists.${list}Title`, { name })}
        </h2>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
        >
          <CloseIcon />
        </button>
      </header>
      {query.isPending ? (
        <ul className="person-list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="person-row person-row--skeleton skeleton" />
          ))}
        </ul>
      ) : query.isError ? (
        <div className="social-empty" role="alert">
          <p>{t('social.lists.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void query.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : people.length === 0 ? (
        <p className="social-empty">{t(`social.lists.${list}Empty`, { name })}</p>
      ) : (
        <ul className="person-list">
          {people.map((card) => (
            <PersonRow
              key={card.taleforge_id}
              card={card}
              viewerId={viewer.id}
              member={viewer.member}
              onOpen={onClose}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button--ghost social-more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('social.showMore')}
        </button>
      )}
    </Modal>
  );
}
