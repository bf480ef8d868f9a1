import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  labelledBy: string;
  describedBy?: string;
  /** Absent when the modal may not be dismissed: Escape and the backdrop then do nothing. */
  onClose?: () => void;
  closeOnBackdrop?: boolean;
  className?: string;
  overlayClassName?: string;
  children: ReactNode;
  testId?: string;
};

let openModals = 0;

/**
 * The one modal primitive: focus moves in and stays in, Escape closes when allowed, the page
 * behind becomes inert, and focus returns to where it was when the modal goes away.
 */
export function Modal(props: ModalProps) {
  const { labelledBy, describedBy, onClose, closeOnBackdrop = false, children } = props;
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = document.getElementById('root');
    openModals += 1;
    root?.setAttribute('inert', '');
    document.body.classList.add('has-modal');
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => {
      openModals -= 1;
      if (openModals === 0) {
        root?.removeAttribute('inert');
        document.body.classList.remove('has-modal');
      }
      previous?.focus?.();
    };
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (onClose) {
        event.stopPropagation();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes on pointer; Escape covers keyboards.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      className={`modal-overlay ${props.overlayClassName ?? ''}`}
      onClick={(event) => {
        if (closeOnBackdrop && onClose && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`modal-panel ${props.className ?? ''}`}
        onKeyDown={handleKeyDown}
        data-testid={props.testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
