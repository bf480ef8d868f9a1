import { lazy, Suspense, useSyncExternalStore } from 'react';
import { dialogStore } from './dialog-store';

// The modal machinery is only downloaded once something is actually queued.
const DialogHost = lazy(() => import('./dialog-host').then((m) => ({ default: m.DialogHost })));

export function DialogOutlet() {
  const queue = useSyncExternalStore(
    dialogStore.subscribe,
    dialogStore.getSnapshot,
    dialogStore.getSnapshot,
  );
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  );
}
