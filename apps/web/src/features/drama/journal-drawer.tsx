import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The side drawer the journal opens in: focus moves to its close button, Escape closes it. */
export function JournalDrawer({ open, onClose, children }: Props) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>('.play__journal-close')?.focus();
    const close = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open, onClose]);

  return (
    <aside
      id="play-journal"
      className={`play__journal ${open ? 'play__journal--open' : ''}`}
      aria-label={t('play.journal.label')}
    >
      <button
        type="button"
        className="icon-button play__journal-close"
        onClick={onClose}
        aria-label={t('common.close')}
      >
        ×
      </button>
      {children}
    </aside>
  );
}
