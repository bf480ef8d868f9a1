import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries';
import './assistant-button.css';

// The first visit carries only this button: the panel, its art, the recorder and its texts
// come with the first press (docs/decisions/0006).
const AssistantPanel = lazyWithQueries(() =>
  import('./assistant-panel').then((m) => m.AssistantPanel),
);

/** The assistant's button on every page, and the panel it opens. */
export function AssistantButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="assistant-fab"
        aria-label={t('common.assistant')}
        title={t('common.assistant')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path
            d="M4 5h16v11H9l-5 4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path
            d="M12 7.5l1 2.2 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z"
            fill="currentColor"
          />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
