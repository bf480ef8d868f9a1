import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/ui/dialog/modal';
import { CloseIcon } from '../../shared/ui/icons';
import { Conversation } from './conversation';
import { useAssistantState } from './use-assistant';
import './assistant.css';
import './avatar.css';

/**
 * The assistant's panel: a side panel on wide screens, a bottom sheet on phones. It is a
 * dialog — focus moves in, Escape closes, focus goes back to the button — whose conversation
 * is read from the server each time it opens and kept there for every device.
 */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const state = useAssistantState();
  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop
      className="assistant"
      overlayClassName="assistant-overlay"
      testId="assistant-panel"
    >
      {state.data ? (
        <Conversation state={state.data} titleId={titleId} onClose={onClose} />
      ) : (
        <div className="assistant__loading">
          <div className="assistant__head">
            <h2 id={titleId} className="assistant__title">
              {t('assistant.title')}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('assistant.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
          {state.isError ? (
            <div className="assistant__failed" role="alert">
              <p>{t('assistant.loadFailed')}</p>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => void state.refetch()}
              >
                {t('assistant.retry')}
              </button>
            </div>
          ) : (
            <p className="assistant__thinking" aria-busy="true">
              {t('assistant.thinking')}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
