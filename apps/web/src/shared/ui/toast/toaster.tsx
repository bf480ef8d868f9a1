import { LIMITS } from '@taleforge/contracts/constants';
import { type CSSProperties, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type ToastStore, toastStore } from './toast-store';
import './toast.css';

/**
 * SPEC §9 "stacked offset 20 px plus 10 px per toast", read as: the first toast sits 20 px
 * below the top edge and every further toast sits under the previous one with a 10 px gap.
 * Toast heights vary with the text, so the stack is a column with `gap` instead of absolute
 * offsets computed per index.
 */
const stackStyle = {
  top: `${LIMITS.toastStackBasePx}px`,
  gap: `${LIMITS.toastStackStepPx}px`,
  '--toast-fade-ms': `${LIMITS.toastFadeMs}ms`,
} as CSSProperties;

export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // Portalled out of #root: an open modal makes #root inert, which would silence announcements.
  return createPortal(
    <section className="toaster" style={stackStyle} aria-label={t('common.notifications')}>
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}${item.leaving ? ' toast--leaving' : ''}`}
          role="status"
          // Errors are announced at once; other notices wait for a pause in speech.
          aria-live={item.kind === 'error' ? 'assertive' : 'polite'}
          data-testid="toast"
        >
          <span className="toast__icon" aria-hidden="true" />
          <span className="toast__message">{item.message}</span>
        </div>
      ))}
    </section>,
    document.body,
  );
}
