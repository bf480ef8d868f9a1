import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { openDialog } from '../../../shared/ui/dialog/dialog-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { type ChatRecord, type ConversationKey, chatKeys, rewindTo } from './chat-api';
import type { LiveTurn, useChatRecords } from './use-chat';

/**
 * The conversation so far, oldest first, with earlier pages on demand. Every text is rendered as
 * a React text node: a reply carrying markup shows the characters, it never becomes HTML.
 */
export function ChatHistory({
  conversation,
  greeting,
  greetingExpression,
  history,
  live,
  price,
  sending,
  onRegenerate,
}: {
  conversation: ConversationKey;
  greeting: string;
  greetingExpression: string;
  history: ReturnType<typeof useChatRecords>;
  live: LiveTurn | null;
  price: number;
  sending: boolean;
  onRegenerate: (replyId: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const log = useRef<HTMLDivElement>(null);
  const { records } = history;
  const newest = records.at(-1)?.id;
  // A regenerated reply replaces the latest one while it streams.
  const shown = live && live.player === null ? records.slice(0, -1) : records;
  const lastReply = records.at(-1)?.role === 'npc' ? records.at(-1) : undefined;

  const liveText = live?.reply;
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content is the trigger.
  useEffect(() => {
    const box = log.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newest, liveText]);

  const confirmRewind = (record: ChatRecord) =>
    openDialog({
      title: t('chat.rewind.title'),
      body: (close) => (
        <div className="send-confirm">
          <p>{t('chat.rewind.body')}</p>
          <div className="send-confirm__actions">
            <button type="button" className="button button--ghost" onClick={close}>
              {t('chat.confirm.cancel')}
            </button>
            <button
              type="button"
              className="button button--gold"
              data-autofocus
              onClick={async () => {
                close();
                try {
                  await rewindTo(conversation, record.id);
                  await queryClient.invalidateQueries({ queryKey: chatKeys.records(conversation) });
                  await queryClient.invalidateQueries({ queryKey: ['chat', 'info', conversation] });
                } catch (error) {
                  if (isApiError(error) && error.kind === 'status') toast.error(error.desc);
                }
              }}
            >
              {t('chat.rewind.confirm')}
            </button>
          </div>
        </div>
      ),
    });

  return (
    <div ref={log} className="chat__log" role="log" aria-live="polite" aria-busy={sending}>
      {history.hasNextPage ? (
        <button
          type="button"
          className="button button--small button--ghost chat__earlier"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('chat.earlier')}
        </button>
      ) : (
        greeting && (
          <p className="bubble bubble--npc" data-expression={greetingExpression}>
            {greeting}
          </p>
        )
      )}
      {shown.map((record, i) => (
        <div key={record.id} className={`turn turn--${record.role}`}>
          <p className={`bubble bubble--${record.role} ${STATE_CLASS[record.state]}`}>
            {record.text || <Typing />}
          </p>
          {record.role === 'player' && (
            <p className="turn__cost">
              {record.charged_gems > 0
                ? t('chat.charged', { count: record.charged_gems })
                : t('chat.free')}
            </p>
          )}
          {record.state === 'failed' && (
            <p className="turn__note">
              {paidFor(record, shown[i - 1]) ? t('chat.failedNote') : t('chat.failedNoteFree')}
            </p>
          )}
          <div className="turn__actions">
            {record.role === 'npc' && record.id !== newest && !sending && (
              <button type="button" className="chat__link" onClick={() => confirmRewind(record)}>
                {t('chat.rewind.action')}
              </button>
            )}
            {record === lastReply && record.state === 'complete' && !sending && (
              <button type="button" className="chat__link" onClick={() => onRegenerate(record.id)}>
                {price === 0 ? t('chat.regenerateFree') : t('chat.regenerate', { price })}
              </button>
            )}
          </div>
        </div>
      ))}
      {live && (
        <>
          {live.player !== null && (
            <div className="turn turn--player">
              <p className="bubble bubble--player">{live.player}</p>
            </div>
          )}
          <div className="turn turn--npc">
            <p className="bubble bubble--npc bubble--live" data-testid="live-reply">
              {live.reply || <Typing />}
            </p>
          </div>
        </>
      )}
    </div>
  );
}

/** Whether a reply's turn was paid: by the reply itself (a new reply) or the message it answers. */
function paidFor(reply: ChatRecord, before: ChatRecord | undefined): boolean {
  return reply.charged_gems > 0 || (before?.role === 'player' && before.charged_gems > 0);
}

const STATE_CLASS: Record<ChatRecord['state'], string> = {
  complete: '',
  streaming: 'bubble--live',
  failed: 'bubble--failed',
};

function Typing() {
  const { t } = useTranslation();
  return (
    <span className="typing">
      <span aria-hidden="true">…</span>
      <span className="sr-only">{t('chat.typing')}</span>
    </span>
  );
}
