import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadScreenTexts } from '../../i18n/i18n';
import { dialogStore } from './dialog-store';

// The modal machinery, and the texts of the dialogs, are only downloaded once something is queued.
const DialogHost = lazy(async () => {
  const [{ DialogHost }] = await Promise.all([import('./dialog-host'), loadScreenTexts()]);
  return { default: DialogHost };
});

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
