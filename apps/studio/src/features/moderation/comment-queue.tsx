import type { ModerationAction, ReportedComment } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { config } from '../../shared/config';
import type { ModerationApi } from './moderation-api';
import { QueueList } from './queue-list';
import { type Notice, useQueue, useQueueAction } from './use-queue';
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
  return (
    <QueueList
      query={queue.query}
      count={queue.items.length}
      empty={t('moderation.comments.empty')}
      label={t('moderation.tab.comments')}
      notice={queue.notice}
    >
      {queue.items.map((item) => (
        <ReportedItem
          key={item.comment_id}
          item={item}
          api={api}
          onLeave={(why) => queue.leave(item.comment_id, why)}
        />
      ))}
    </QueueList>
  );
}

function ReportedItem(props: {
  item: ReportedComment;
  api: ModerationApi;
  onLeave: (why: Notice) => void;
}) {
  const { item, api, onLeave } = props;
  const { t } = useTranslation();
  const when = useWhen();
  const author = item.author.nick_name || item.author.taleforge_id;
  const act = useQueueAction(
    (action: ModerationAction) => api.resolve(item.comment_id, action),
    (action) =>
      action === 'remove' ? 'moderation.comments.removed' : 'moderation.comments.dismissed',
    onLeave,
  );
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
      {act.error !== null && (
        <p className="error-message" role="alert">
          {act.error}
        </p>
      )}
      <div className="queue-actions">
        <button
          type="button"
          className="btn btn-danger"
          disabled={act.pending}
          onClick={() => act.run('remove')}
        >
          {t('moderation.comments.remove')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={act.pending}
          onClick={() => act.run('dismiss')}
        >
          {t('moderation.comments.dismiss')}
        </button>
      </div>
    </li>
  );
}
