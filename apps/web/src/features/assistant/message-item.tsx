import type { AssistantAction, AssistantMessage } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { CoverArt } from '../../shared/ui/art/cover-art';
import { ReportCard } from './report-card';

type Props = {
  message: AssistantMessage;
  /** Goes to a path of this site (a work, the top-up) and tucks the panel away. */
  onOpen: (path: string) => void;
};

const workPath = (id: number) => `/drama/${id}`;

/** The wallet's top-up, with the way back to the page the player asked from. */
export const topUpPath = () =>
  `/wallet?return=${encodeURIComponent(window.location.pathname)}#top-up`;

function Action({ action, onOpen }: { action: AssistantAction; onOpen: Props['onOpen'] }) {
  const { t } = useTranslation();
  switch (action.kind) {
    case 'open':
      return (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onOpen(action.path)}
        >
          {action.label}
        </button>
      );
    case 'topup':
      return (
        <button
          type="button"
          className="button button--gold button--small"
          onClick={() => onOpen(topUpPath())}
        >
          {t('assistant.topUp')}
        </button>
      );
    case 'report':
      return <ReportCard draft={action.draft} />;
  }
}

/** One message: the player's words, or a reply with the works and the actions it offers. */
export function MessageItem({ message, onOpen }: Props) {
  const { t } = useTranslation();
  const mine = message.role === 'player';
  // A work's card already opens it: its `open` action would be a second button saying the same.
  const cardPaths = new Set(message.works.map((work) => workPath(work.id)));
  const actions = message.actions.filter((a) => a.kind !== 'open' || !cardPaths.has(a.path));
  return (
    <li className={`assistant-msg assistant-msg--${message.role}`} data-testid="assistant-message">
      <p className="assistant-msg__bubble">
        <span className="sr-only">{t(mine ? 'assistant.you' : 'assistant.guide')}: </span>
        {message.text}
        {message.source === 'voice' && (
          <span className="assistant-msg__source">{t('assistant.bySpeech')}</span>
        )}
      </p>
      {message.works.length > 0 && (
        <ul className="assistant-works">
          {message.works.map((work) => (
            <li key={work.id}>
              <button
                type="button"
                className="assistant-work"
                onClick={() => onOpen(workPath(work.id))}
              >
                {work.cover ? (
                  <img src={work.cover} alt="" className="assistant-work__cover" loading="lazy" />
                ) : (
                  <CoverArt
                    seed={`${work.id}-${work.title}`}
                    genre={work.script_type}
                    className="assistant-work__cover"
                  />
                )}
                <span className="assistant-work__text">
                  <span className="assistant-work__title">{work.title}</span>
                  <span className="assistant-work__genre">{t(`genres.${work.script_type}`)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* An `auto` open already happened when the reply came; later it is a button like any. */}
      {actions.length > 0 && (
        <div className="assistant-msg__actions">
          {actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reply's actions never change order.
            <Action key={index} action={action} onOpen={onOpen} />
          ))}
        </div>
      )}
    </li>
  );
}
