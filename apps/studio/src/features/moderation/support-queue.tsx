import type { SupportReport } from '@taleforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/ui/error-message';
import type { ModerationApi } from './moderation-api';
import { QueueList } from './queue-list';
import { leftTheQueue } from './statuses';
import { useQueue } from './use-queue';
import { useWhen } from './when';

/** Problems players sent from the assistant, oldest first, each marked handled once read. */
export function SupportQueue({ api }: { api: ModerationApi }) {
  const { t, i18n } = useTranslation();
  // Per language: titles and the server's words come in the language asked for.
  const queue = useQueue(['moderation', 'support', i18n.language], api.support, (r) => r.id);
  // A key of ours, or the server's own words: shown in the language chosen now.
  const [notice, setNotice] = useState<{ key: string } | { text: string } | null>(null);
  return (
    <QueueList
      query={queue.query}
      count={queue.items.length}
      empty={t('moderation.support.empty')}
      label={t('moderation.tab.support')}
      notice={notice === null ? '' : 'key' in notice ? t(notice.key) : notice.text}
    >
      {queue.items.map((report) => (
        <SupportItem
          key={report.id}
          report={report}
          api={api}
          onLeave={(message) => {
            setNotice(message);
            queue.leave(report.id);
          }}
        />
      ))}
    </QueueList>
  );
}

function SupportItem(props: {
  report: SupportReport;
  api: ModerationApi;
  onLeave: (notice: { key: string } | { text: string }) => void;
}) {
  const { report, api, onLeave } = props;
  const { t } = useTranslation();
  const when = useWhen();
  const errorText = useErrorText();
  const handle = useMutation({
    mutationFn: () => api.handle(report.id),
    onSuccess: () => onLeave({ key: 'moderation.support.handled' }),
    onError: (error) => {
      if (leftTheQueue(error)) onLeave({ text: errorText(error) });
    },
  });
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
      {handle.error && !leftTheQueue(handle.error) ? (
        <p className="error-message" role="alert">
          {errorText(handle.error)}
        </p>
      ) : null}
      <div className="queue-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={handle.isPending}
          onClick={() => handle.mutate()}
        >
          {t('moderation.support.markHandled')}
        </button>
      </div>
    </li>
  );
}
