import { useSyncExternalStore } from 'react';

// Whether the assistant's panel is open, shared by its two buttons: the floating one on wide
// screens and the tab bar's on phones (one panel, whichever opened it).
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openAssistant = () => set(true);
export const closeAssistant = () => set(false);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAssistantOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
