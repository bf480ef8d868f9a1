import { LIMITS } from '@taleforge/contracts/constants';

export type ToastKind = 'info' | 'success' | 'error';

export type Toast = {
  id: number;
  kind: ToastKind;
  message: string;
  /** True during the fade-out, so the element can animate before it is removed. */
  leaving: boolean;
};

type Listener = () => void;

/**
 * A tiny external store for toasts (no library): React reads it with useSyncExternalStore and
 * plain modules such as the API client can raise toasts without a component in reach.
 */
export function createToastStore(
  durationMs: number = LIMITS.toastDurationMs,
  fadeMs: number = LIMITS.toastFadeMs,
) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();

  const emit = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  const remove = (id: number) => emit(toasts.filter((toast) => toast.id !== id));

  const dismiss = (id: number) => {
    if (!toasts.some((toast) => toast.id === id && !toast.leaving)) return;
    emit(toasts.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
    setTimeout(() => remove(id), fadeMs);
  };

  const show = (message: string, kind: ToastKind = 'info', duration = durationMs): number => {
    const id = nextId++;
    emit([...toasts, { id, kind, message, leaving: false }]);
    setTimeout(() => dismiss(id), duration);
    return id;
  };

  return {
    show,
    dismiss,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => toasts,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();

export const toast = {
  info: (message: string) => toastStore.show(message, 'info'),
  success: (message: string) => toastStore.show(message, 'success'),
  error: (message: string) => toastStore.show(message, 'error'),
};
