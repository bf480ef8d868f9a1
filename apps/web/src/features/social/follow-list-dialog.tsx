import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogHeader } from '../../shared/ui/dialog/dialog-header';
import { Modal } from '../../shared/ui/dialog/modal';
import { LoadFailed, ShowMore } from './list-states';
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
      <DialogHeader
        titleId={titleId}
        title={t(`social.lists.${list}Title`, { name })}
        onClose={onClose}
      />
      {query.isPending ? (
        <ul className="person-list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="person-row person-row--skeleton skeleton" />
          ))}
        </ul>
      ) : query.isError ? (
        <LoadFailed message={t('social.lists.loadFailed')} onRetry={() => void query.refetch()} />
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
      <ShowMore query={query} />
    </Modal>
  );
}
