import { useId, useSyncExternalStore } from 'react';
import { DialogHeader } from './dialog-header';
import { type DialogStore, dialogStore } from './dialog-store';
import { Modal } from './modal';

/** Renders the head of the dialog queue; the rest wait their turn. */
export function DialogHost({ store = dialogStore }: { store?: DialogStore }) {
  const queue = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const titleId = useId();
  const current = queue[0];
  if (!current) return null;

  const close = () => store.close(current.id);
  const body = typeof current.body === 'function' ? current.body(close) : current.body;
  return (
    // Keyed by id so the next dialog mounts fresh: focus moves into it and restores after.
    <Modal
      key={current.id}
      labelledBy={titleId}
      onClose={current.closable ? close : undefined}
      closeOnBackdrop={current.closable}
      className="dialog"
      testId="dialog"
    >
      <DialogHeader
        titleId={titleId}
        title={current.title}
        onClose={current.closable ? close : undefined}
      />
      <div className="dialog__body">{body}</div>
    </Modal>
  );
}
