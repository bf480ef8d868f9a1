import type { ModerationAction, ReportedComment } from '@taleforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../shared/config';
import { useErrorText } from '../../shared/ui/error-message';
import type { ModerationApi } from './moderation-api';
import { QueueList } from './queue-list';
import { leftTheQueue } from './statuses';
import { useQueue } from './use-queue';
import { useWhen } from './when';

/** Reported comments, most reported first: Remove takes the comment down, Dismiss keeps it. */
export function CommentQueue({ api }: { api: ModerationApi }) {
  const { t, i18n } = useTranslation();
  // Per language: titles and the server's words come in the language asked for.
  const queue = useQueue(
    ['moderation', 'comments', i18n.language],
    api.comments,
    (c) => c.comment_id,
  );
  // A key of ours, or the server's own words: shown in the language chosen now.
  const [notice, setNotice] = useState<{ key: string } | { text: string } | null>(null);
  return (
    <QueueList
      query={queue.query}
      count={queue.items.length}
      empty={t('moderation.comments.empty')}
      label={t('moderation.tab.comments')}
      notice={notice === null ? '' : 'key' in notice ? t(notice.key) : notice.text}
    >
      {queue.items.map((item) => (
        <ReportedItem
          key={item.comment_id}
          item={item}
          api={api}
          onLeave={(message) => {
            setNotice(message);
            queue.leave(item.comment_id);
          }}
        />
      ))}
    </QueueList>
  );
}

function ReportedItem(props: {
  item: ReportedComment;
  api: ModerationApi;
  onLeave: (notice: { key: string } | { text: string }) => void;
}) {
  const { item, api, onLeave } = props;
  const { t } = useTranslation();
  const when = useWhen();
  const errorText = useErrorText();
  const author = item.author.nick_name || item.author.taleforge_id;
  const act = useMutation({
    mutationFn: (action: ModerationAction) => api.resolve(item.comment_id, action),
    onSuccess: (_, action) =>
      onLeave({
        key: action === 'remove' ? 'moderation.comments.removed' : 'moderation.comments.dismissed',
      }),
    onError: (error) => {
      if (leftTheQueue(error)) onLeave({ text: errorText(error) });
    },
  });
  return (
    <li className="card queue-item">
      <div className="queue-item-head">
        <span className="badge queue-count">
          {t('moderation.comments.reports', { count: item.report_count })}
        </span>
        <ul className="tag-list" aria-label={t('moderation.comments.reasons')}>
          {item.reasons.map((r) => (
            <li key={r.reason} className="tag">
              {t(`moderation.reason.${r.reason}`)} × {r.count}
            </li>
          ))}
        </ul>
      </div>
      <blockquote className="queue-body">{item.body}</blockquote>
      <dl className="queue-facts">
        <dt>{t('moderation.comments.author')}</dt>
        <dd>
          {author} <span className="queue-id">({item.author.taleforge_id})</span>
        </dd>
        <dt>{t('moderation.comments.work')}</dt>
        <dd>
          <a href={`${config.playerUrl}/drama/${item.game.id}`} target="_blank" rel="noreferrer">
            {item.game.title}
          </a>
          {item.parent_id !== null && ` · ${t('moderation.comments.isReply')}`}
        </dd>
        <dt>{t('moderation.comments.reported')}</dt>
        <dd>
          <time dateTime={item.first_reported_at}>{when(item.first_reported_at)}</time>
        </dd>
      </dl>
      {act.error && !leftTheQueue(act.error) ? (
        <p className="error-message" role="alert">
          {errorText(act.error)}
        </p>
      ) : null}
      <div className="queue-actions">
        <button
          type="button"
          className="btn btn-danger"
          disabled={act.isPending}
          onClick={() => act.mutate('remove')}
        >
          {t('moderation.comments.remove')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={act.isPending}
          onClick={() => act.mutate('dismiss')}
        >
          {t('moderation.comments.dismiss')}
        </button>
      </div>
    </li>
  );
}
