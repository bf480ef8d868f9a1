import type { Comment } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { abbreviate } from '../../shared/lib/abbreviate';
import { openDialog } from '../../shared/ui/dialog/dialog-store';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { ProfileAvatar } from '../profile/profile-avatar';
import { rememberProfile } from '../profile/profile-storage';
import { confirmAction } from './confirm';
import { MenuButton, type MenuItem } from './menu-button';
import { relativeTime } from './relative-time';
import { ReportDialogBody } from './report-dialog';
import { HeartIcon, MoreIcon } from './social-icons';
import { useDeleteComment, useLikeComment, useReplies, useReportComment } from './use-comments';
import { useViewer } from './use-viewer';

type Props = {
  comment: Comment;
  gameId: number;
  /** Absent where the viewer may not answer (the work's creator blocked them). */
  onReply?: ((comment: Comment) => void) | undefined;
};

/** One comment: who wrote it and when, the text, its heart, Reply, and its thread of replies. */
export function CommentItem({ comment, gameId, onReply }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const like = useLikeComment(gameId);
  const remove = useDeleteComment(gameId);
  const report = useReportComment();
  const [open, setOpen] = useState(false);
  const author = comment.author;
  const isReply = comment.parent_id !== null;
  const guard = (action: () => void) => () => (viewer.member ? action() : openLoginModal());

  const items: MenuItem[] = [
    {
      label: t('social.comments.report'),
      onSelect: guard(() =>
        openDialog({
          title: t('social.report.title'),
          body: (close) => (
            <ReportDialogBody
              name={author.nick_name}
              onPick={(reason) => {
                close();
                report.mutate({ comment, reason });
              }}
            />
          ),
        }),
      ),
    },
  ];
  if (comment.can_delete) {
    items.unshift({
      label: t('social.comments.delete'),
      danger: true,
      onSelect: () =>
        confirmAction({
          title: t('social.comments.deleteTitle'),
          body: t('social.comments.deleteBody'),
          confirm: t('social.comments.delete'),
          cancel: t('social.cancel'),
          onConfirm: () => remove.mutate(comment),
        }),
    });
  }

  return (
    <li className={isReply ? 'comment comment--reply' : 'comment'} data-testid="comment">
      <Link
        to={`/profile/${encodeURIComponent(author.taleforge_id)}`}
        className="comment__avatar"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => rememberProfile(author)}
      >
        <ProfileAvatar
          src={author.avatar}
          name={author.nick_name}
          alt=""
          className="social-avatar"
        />
      </Link>
      <div className="comment__main">
        <p className="comment__meta">
          <Link
            to={`/profile/${encodeURIComponent(author.taleforge_id)}`}
            className="comment__author"
            onClick={() => rememberProfile(author)}
          >
            {author.nick_name}
          </Link>
          {comment.by_creator && (
            <span className="comment__badge">{t('social.comments.creator')}</span>
          )}
          {comment.reply_to && (
            <span className="comment__to">
              {t('social.comments.replyTo', { name: comment.reply_to.nick_name })}
            </span>
          )}
          <time dateTime={comment.created_at} className="comment__time">
            {relativeTime(comment.created_at, currentLocale())}
          </time>
        </p>
        <p className="comment__body">{comment.body}</p>
        <div className="comment__actions">
          <button
            type="button"
            className={comment.liked ? 'comment__like comment__like--on' : 'comment__like'}
            aria-pressed={comment.liked}
            aria-label={t('social.comments.like', { short: abbreviate(comment.like_count) })}
            onClick={guard(() => like.mutate({ comment, like: !comment.liked }))}
          >
            <HeartIcon size={16} filled={comment.liked} />
            <span aria-hidden="true">{abbreviate(comment.like_count)}</span>
          </button>
          {onReply && (
            <button
              type="button"
              className="comment__action"
              aria-label={t('social.comments.replyNamed', { name: author.nick_name })}
              onClick={guard(() => onReply(comment))}
            >
              {t('social.comments.reply')}
            </button>
          )}
          <MenuButton
            label={t('social.comments.moreNamed', { name: author.nick_name })}
            icon={<MoreIcon size={16} />}
            items={items}
            className="comment__more"
          />
        </div>
        {!isReply && comment.reply_count > 0 && (
          <button
            type="button"
            className="comment__thread-toggle"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open
              ? t('social.comments.hideReplies')
              : t('social.comments.replies', {
                  count: comment.reply_count,
                  short: abbreviate(comment.reply_count),
                })}
          </button>
        )}
        {!isReply && open && <Replies parent={comment} gameId={gameId} onReply={onReply} />}
      </div>
    </li>
  );
}

function Replies({
  parent,
  gameId,
  onReply,
}: {
  parent: Comment;
  gameId: number;
  onReply: Props['onReply'];
}) {
  const { t } = useTranslation();
  const query = useReplies(gameId, parent.id, true);
  const replies = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isPending) return <div className="comment comment--skeleton skeleton" />;
  return (
    <>
      <ul className="comment-list comment-list--replies">
        {replies.map((reply) => (
          <CommentItem key={reply.id} comment={reply} gameId={gameId} onReply={onReply} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="comment__thread-toggle"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('social.comments.moreReplies')}
        </button>
      )}
    </>
  );
}
