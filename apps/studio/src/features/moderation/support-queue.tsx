import type { SupportReport } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import type { ModerationApi } from './moderation-api';
import { QueueList } from './queue-list';
import { type Notice, useQueue, useQueueAction } from './use-queue';
import { useWhen } from './when';

/** Problems players sent from the assistant, oldest first, each marked handled once read. */
export function SupportQueue({ api }: { api: ModerationApi }) {
  const { t, i18n } = useTranslation();
  // Per language: titles and the server's words come in the language asked for.
  const queue = useQueue(['moderation', 'support', i18n.language], api.support, (r) => r.id);
  return (
    <QueueList
      query={queue.query}
      count={queue.items.length}
      empty={t('moderation.support.empty')}
      label={t('moderation.tab.support')}
      notice={queue.notice}
    >
      {queue.items.map((report) => (
        <SupportItem
          key={report.id}
          report={report}
          api={api}
          onLeave={(why) => queue.leave(report.id, why)}
        />
      ))}
    </QueueList>
  );
}

function SupportItem(props: {
  report: SupportReport;
  api: ModerationApi;
  onLeave: (why: Notice) => void;
}) {
  const { report, api, onLeave } = props;
  const { t } = useTranslation();
  const when = useWhen();
  const handle = useQueueAction(
    () => api.handle(report.id),
    () => 'moderation.support.handled',
    onLeave,
  );
  const player = report.player.nick_name || report.player.taleforge_id;
  return (
    <li className="card queue-item">
      <p className="queue-body">{report.description}</p>
      <dl className="queue-facts">
        <dt>{t('moderation.support.player')}</dt>
        <dd>
          {player} <span className="queue-id">({report.player.taleforge_id})</span>
        </dd>
        <dt>{t('moderation.support.sent')}</dt>
        <dd>
          <time dateTime={report.created_at}>{when(report.created_at)}</time> · {report.locale}
        </dd>
      </dl>
      {report.conversation && report.conversation.length > 0 && (
        <details className="queue-conversation">
          <summary>
            {t('moderation.support.conversation', { count: report.conversation.length })}
          </summary>
          <ol>
            {report.conversation.map((message) => (
              <li key={`${message.at}-${message.role}`}>
                <strong>
                  {t(
                    message.role === 'player'
                      ? 'moderation.support.fromPlayer'
                      : 'moderation.support.fromAssistant',
                  )}
                </strong>{' '}
                {message.text}
              </li>
            ))}
          </ol>
        </details>
      )}
      {handle.error !== null && (
        <p className="error-message" role="alert">
          {handle.error}
        </p>
      )}
      <div className="queue-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={handle.pending}
          onClick={() => handle.run()}
        >
          {t('moderation.support.markHandled')}
        </button>
      </div>
    </li>
  );
}
