import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries';
import { AssistantGlyph } from './assistant-icons';
import { closeAssistant, openAssistant, useAssistantOpen } from './assistant-open';
import './assistant-button.css';

// The first visit carries only these buttons: the panel, its art, the recorder and its texts
// come with the first press (docs/decisions/0006).
const AssistantPanel = lazyWithQueries(() =>
  import('./assistant-panel').then((m) => m.AssistantPanel),
);

/**
 * The assistant's floating button on wide screens, and the panel either button opens. On a phone
 * the button is the tab bar's last item (AssistantTab) instead: floating there it covered a
 * card's title, the wallet's payment row and the stage's journal button.
 */
export function AssistantButton() {
  const { t } = useTranslation();
  const open = useAssistantOpen();
  return (
    <>
      <button
        type="button"
        className="assistant-fab"
        aria-label={t('common.assistant')}
        title={t('common.assistant')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openAssistant}
      >
        <AssistantGlyph size={26} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel onClose={closeAssistant} />
        </Suspense>
      )}
    </>
  );
}

/** The phone tab bar's assistant item: it opens the panel AssistantButton holds. */
export function AssistantTab() {
  const { t } = useTranslation();
  const open = useAssistantOpen();
  return (
    <button
      type="button"
      className="nav-link"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={openAssistant}
    >
      <span className="assistant-tab__badge">
        <AssistantGlyph size={20} />
      </span>
      <span className="nav-link__label">{t('common.assistant')}</span>
    </button>
  );
}
