import type { AssistantMessage } from '@taleforge/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageItem } from './message-item';
import { type PendingTurn, useOlderMessages } from './use-assistant';

type Props = {
  messages: AssistantMessage[];
  hasMore: boolean;
  pending: PendingTurn | null;
  onOpen: (path: string) => void;
  /** Whether the microphone can be used here: the welcome names it only then. */
  voiceAvailable: boolean;
};

/**
 * The conversation as a log: screen readers hear each new reply as it is added (not the whole
 * history when the panel opens), and the view follows the newest message.
 */
export function MessageList({ messages, hasMore, pending, onOpen, voiceAvailable }: Props) {
  const { t } = useTranslation();
  const older = useOlderMessages();
  const log = useRef<HTMLDivElement>(null);
  const newest = messages[messages.length - 1]?.id;

  // Biome cannot see that the newest id and the pending turn are what should move the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    // The log scrolls, never the page around the dialog.
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest, pending]);

  return (
    <div ref={log} className="assistant__log" role="log" aria-label={t('assistant.title')}>
      {hasMore && messages[0] && (
        <button
          type="button"
          className="button button--ghost button--small assistant__older"
          disabled={older.isPending}
          onClick={() => older.mutate(messages[0]!.id)}
        >
          {t('assistant.older')}
        </button>
      )}
      <ol className="assistant__messages">
        {messages.length === 0 && !pending && (
          <li className="assistant__intro">
            {t(voiceAvailable ? 'assistant.intro' : 'assistant.introTyping')}
          </li>
        )}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} onOpen={onOpen} />
        ))}
        {pending && (
          <>
            <li className="assistant-msg assistant-msg--player assistant-msg--pending">
              <p className="assistant-msg__bubble">{pending.text}</p>
            </li>
            <li className="assistant-msg assistant-msg--assistant">
              <p className="assistant-msg__bubble assistant-msg__bubble--thinking">
                {t('assistant.thinking')}
              </p>
            </li>
          </>
        )}
      </ol>
    </div>
  );
}
