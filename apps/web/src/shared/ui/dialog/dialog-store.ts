import type { ReactNode } from 'react';

export type DialogRequest = {
  /** Already localized; becomes the dialog's accessible name. */
  title: string;
  body?: ReactNode | ((close: () => void) => ReactNode);
  /** False while the user must finish something (SPEC §2: e.g. a nickname); no Escape, no ×. */
  closable?: boolean;
  onClose?: () => void;
};

export type QueuedDialog = DialogRequest & { id: number; closable: boolean };

type Listener = () => void;

/**
 * SPEC §2: dialogs are queued and shown one at a time; closing the current one shows the next.
 * The head of the queue is the dialog on screen.
 */
export function createDialogStore() {
  let queue: readonly QueuedDialog[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();

  const emit = (next: readonly QueuedDialog[]) => {
    queue = next;
    for (const listener of listeners) listener();
  };

  return {
    open(request: DialogRequest): number {
      const id = nextId++;
      emit([...queue, { ...request, id, closable: request.closable ?? true }]);
      return id;
    },
    /** Closes the dialog with this id, shown or still waiting; without an id, the shown one. */
    close(id?: number) {
      const target = id === undefined ? queue[0] : queue.find((dialog) => dialog.id === id);
      if (!target) return;
      emit(queue.filter((dialog) => dialog !== target));
      target.onClose?.();
    },
    current: (): QueuedDialog | undefined => queue[0],
    getSnapshot: () => queue,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type DialogStore = ReturnType<typeof createDialogStore>;

export const dialogStore = createDialogStore();
export const openDialog = (request: DialogRequest) => dialogStore.open(request);
export const closeDialog = (id?: number) => dialogStore.close(id);
