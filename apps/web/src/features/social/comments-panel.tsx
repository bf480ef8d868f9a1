import type { Comment, GameCard } from '@taleforge/contracts';
import { COMMENT_ORDERS, type CommentOrder } from '@taleforge/contracts/constants';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviate } from '../../shared/lib/abbreviate';
import { Modal } from '../../shared/ui/dialog/modal';
import { CloseIcon } from '../../shared/ui/icons';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { LoadFailed, ShowMore } from './list-states';
import { useComments } from './use-comments';
import { useRelation } from './use-follow';
import { useViewer } from './use-viewer';
import { useWorkSocial } from './use-work-social';
import './comments.css';

type Props = {
  gameId: number;
  title: string;
  creator?: GameCard['creator'] | undefined;
  onClose: () => void;
};

/**
 * A work's comments: a sheet from the bottom on a phone, a panel at the side on a desktop. Focus
 * stays inside and Escape closes it (the shared Modal). Newest or top first, a page at a time.
 */
export default function CommentsPanel({ gameId, title, creator, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [order, setOrder] = useState<CommentOrder>('new');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const query = useComments(gameId, order);
  const count = useWorkSocial(gameId).data?.comment_count ?? query.data?.pages[0]?.comment_count;
  const comments = query.data?.pages.flatMap((page) => page.list) ?? [];
  // Asked when the panel opens: a block that comes while it is open is told by the refusal of
  // what the player sends (the next opening says it in place of the box).
  const viewer = useViewer();
  const blocked = useRelation(creator?.taleforge_id ?? '', viewer.member).data?.blocks_you ?? false;

  // A deleted comment takes the focused control with it, and focus falls to the page: Escape
  // must still close the panel then (the Modal only hears keys from inside it).
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && document.activeElement === document.body) onClose();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);

  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop
      className="comments-panel"
      overlayClassName="comments-overlay"
      testId="comments-panel"
    >
      <header className="comments-panel__header">
        <div>
          <h2 id={titleId} className="comments-panel__title">
            {t('social.comments.title')}
            {count !== undefined && (
              <span className="comments-panel__count">{abbreviate(count)}</span>
            )}
          </h2>
          <p className="comments-panel__work">{title}</p>
        </div>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
        >
          <CloseIcon />
        </button>
      </header>
      <fieldset className="comments-panel__orders">
        <legend className="sr-only">{t('social.comments.order')}</legend>
        {COMMENT_ORDERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={order === value}
            className={order === value ? 'order-chip order-chip--on' : 'order-chip'}
            onClick={() => setOrder(value)}
          >
            {t(`social.comments.orders.${value}`)}
          </button>
        ))}
      </fieldset>
      <div className="comments-panel__list" aria-busy={query.isPending}>
        {query.isPending ? (
          [0, 1, 2].map((i) => <div key={i} className="comment comment--skeleton skeleton" />)
        ) : query.isError ? (
          <LoadFailed
            message={t('social.comments.loadFailed')}
            onRetry={() => void query.refetch()}
          />
        ) : comments.length === 0 ? (
          <div className="social-empty">
            <p className="social-empty__title">{t('social.comments.emptyTitle')}</p>
            <p>{t('social.comments.emptyBody')}</p>
          </div>
        ) : (
          <ul className="comment-list">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                gameId={gameId}
                onReply={blocked ? undefined : setReplyTo}
              />
            ))}
          </ul>
        )}
        <ShowMore query={query} />
      </div>
      <CommentComposer
        gameId={gameId}
        blockedByCreator={blocked}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
      />
    </Modal>
  );
}
