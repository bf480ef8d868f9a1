import { readItem, removeItem, safeSession, writeItem } from '@taleforge/browser/storage';
import type { ResourceInfo } from '@taleforge/contracts';
import { type Expression, LIMITS } from '@taleforge/contracts/constants';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../../shared/api/query-scope';
import { openDialog } from '../../../shared/ui/dialog/dialog-store';
import { TextLimitCounter, textLimit } from '../../../shared/ui/text-limit/text-limit';
import { useGemBalance } from '../../wallet/wallet-api';
import type { ConversationKey } from './chat-api';
import { ChatHistory } from './chat-history';
import { MemoryPanel } from './memory-panel';
import { asksBeforeSending, SendConfirm } from './send-confirm';
import { useChatRecords, useChatSend, useConversationInfo } from './use-chat';
import { useVisualViewportHeight } from './use-visual-viewport';
import './chat.css';

/** The unsent message, kept for this tab: it survives a trip to the wallet and back. */
const draftKey = (gameId: number, npcId: number) => `chat_draft:${gameId}:${npcId}`;

/** The play page opens this conversation when the wallet sends the player back with `?chat=`. */
export const conversationPath = (gameId: number, npcId: number) => `/drama/${gameId}?chat=${npcId}`;

/** Enter sends where there is a real keyboard; on phones Enter is a new line. */
const hasFinePointer = () => window.matchMedia?.('(pointer: fine)').matches ?? false;

/**
 * A conversation with a story character inside the play page: the portrait follows each reply's
 * face, the reply streams in as plain text, the goal shows its progress, every send states its
 * price. Loaded only when the player opens it.
 */
export default function ChatPanel({
  gameId,
  npcId,
  resources,
  onClose,
  onExpression,
  onStoryContinued,
}: {
  gameId: number;
  npcId: number;
  resources: ResourceInfo | undefined;
  onClose: () => void;
  /** The character's face now (the stage beside the panel shows it too). */
  onExpression?: (expression: Expression) => void;
  onStoryContinued: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const key: ConversationKey = { game_id: gameId, npc_id: npcId };
  const info = useConversationInfo(key);
  const history = useChatRecords(key);
  const balance = useGemBalance(true);
  const [continued, setContinued] = useState(false);
  const [text, setDraft] = useState(() => readItem(draftKey(gameId, npcId), safeSession()) ?? '');
  const setText = useCallback(
    (value: string) => {
      setDraft(value);
      if (value) writeItem(draftKey(gameId, npcId), value, safeSession());
      else removeItem(draftKey(gameId, npcId), safeSession());
    },
    [gameId, npcId],
  );
  const [memoryOpen, setMemoryOpen] = useState(false);
  const height = useVisualViewportHeight();
  const price = info.data?.price_gems ?? LIMITS.chatMessageGems;
  const topUpPath = `/wallet?return=${encodeURIComponent(conversationPath(gameId, npcId))}#top-up`;

  const openConfirm = (regenerating: boolean, action: () => void) =>
    openDialog({
      title: t(regenerating ? 'chat.confirm.regenerateTitle' : 'chat.confirm.title'),
      // Dialogs render outside the screens' query scope; the confirmation reads the balance.
      body: (close) => (
        <QueryScope>
          <SendConfirm
            price={price}
            regenerate={regenerating}
            topUpPath={topUpPath}
            close={close}
            onConfirm={action}
          />
        </QueryScope>
      ),
    });

  // The send of the latest render, for a confirmation opened before it existed.
  const sendRef = useRef<((text: string) => Promise<void>) | null>(null);
  const { live, send, regenerate } = useChatSend(key, {
    onStoryContinued: () => {
      setContinued(true);
      onStoryContinued();
    },
    // The balance shown was stale: the message goes back in the box, and Top up is offered.
    onShort: (message) => {
      void balance.refetch();
      if (message === null) return openConfirm(true, () => {});
      setText(message);
      openConfirm(false, () => {
        setText('');
        void sendRef.current?.(message);
      });
    },
  });

  useEffect(() => {
    const close = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);

  const lastNpc = [...history.records].reverse().find((r) => r.role === 'npc' && r.expression);
  const expression: Expression =
    live?.expression ??
    (lastNpc?.expression as Expression | undefined) ??
    info.data?.expression ??
    'normal';
  useEffect(() => onExpression?.(expression), [onExpression, expression]);
  const npc = resources?.npcs.find((n) => n.id === npcId);
  const portrait = npc?.portraits[expression] ?? info.data?.portrait;
  const sending =
    history.writing || (live !== null && live.state !== 'done' && live.state !== 'failed');

  sendRef.current = send;

  const confirmThen = (regenerating: boolean, action: () => void) => {
    if (!asksBeforeSending(price, balance.data)) return action();
    openConfirm(regenerating, action);
  };

  const limit = textLimit(text, LIMITS.chatMessageMaxChars);
  const handleSubmit = () => {
    const message = text.trim();
    if (!message || sending || limit.over) return;
    confirmThen(false, () => {
      setText('');
      void send(message);
    });
  };

  return (
    <div
      className="chat"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-name`}
      style={height ? { height } : undefined}
    >
      <header className="chat__head">
        {portrait && (
          <img
            key={portrait}
            className="chat__portrait"
            src={portrait}
            alt={t('chat.portraitAlt', {
              name: info.data?.name ?? '',
              expression: t(`chat.expressions.${expression}`),
            })}
            data-expression={expression}
          />
        )}
        <div className="chat__who">
          <h2 id={`${id}-name`}>{info.data?.name ?? npc?.name ?? '…'}</h2>
          <p className="chat__engine">{info.data && t(`chat.engine.${info.data.engine}`)}</p>
        </div>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={memoryOpen}
          onClick={() => setMemoryOpen((o) => !o)}
        >
          {t('chat.memory.open')}
        </button>
        <button
          type="button"
          className="icon-button chat__close"
          aria-label={t('chat.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>

      {info.data?.goal && (
        <div className="chat__goal">
          <p>
            <span className="chat__goal-label">{t('chat.goal')}</span> {info.data.goal.text}
          </p>
          <progress
            max={100}
            value={info.data.goal_progress ?? 0}
            aria-label={t('chat.goalProgress', { percent: info.data.goal_progress ?? 0 })}
          />
        </div>
      )}
      {continued && (
        <div className="chat__continued" role="status">
          <p>{t('chat.continued')}</p>
          <button type="button" className="button button--gold button--small" onClick={onClose}>
            {t('chat.backToStory')}
          </button>
        </div>
      )}
      {memoryOpen && <MemoryPanel conversation={key} />}

      <ChatHistory
        conversation={key}
        greeting={info.data?.greeting ?? ''}
        greetingExpression={info.data?.expression ?? 'normal'}
        history={history}
        live={live}
        price={price}
        sending={sending}
        onRegenerate={(replyId) => confirmThen(true, () => void regenerate(replyId))}
      />

      <form
        className="chat__form"
        onSubmit={(e) => {
          e.preventDefault();
          handleSubmit();
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('chat.inputLabel', { name: info.data?.name ?? '' })}
        </label>
        <textarea
          id={`${id}-input`}
          rows={1}
          value={text}
          placeholder={t('chat.placeholder')}
          aria-invalid={limit.over || undefined}
          aria-describedby={`${id}-limit`}
          enterKeyHint="send"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (
              e.key === 'Enter' &&
              !e.shiftKey &&
              !e.nativeEvent.isComposing &&
              hasFinePointer()
            ) {
              e.preventDefault();
              handleSubmit();
            }
          }}
        />
        <button
          type="submit"
          className="button button--gold chat__send"
          disabled={sending || !text.trim() || limit.over}
        >
          {price === 0 ? t('chat.sendFree') : t('chat.send', { price })}
        </button>
        <TextLimitCounter id={`${id}-limit`} limit={limit} />
        <p className="chat__balance" aria-live="polite">
          {balance.data !== undefined && t('chat.balance', { count: balance.data })}
        </p>
      </form>
    </div>
  );
}
