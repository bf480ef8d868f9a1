import { isLoginRequiredStatus } from '@taleforge/browser/api-error';
import { clearSession } from '../session';
import { type LoginModalStore, loginModalStore } from './login-modal-store';

/** Any page (and the API client on 1005–1007) opens the modal through these window events. */
export const LOGIN_MODAL_EVENTS = ['open-dialog', 'show-login-modal'] as const;

export function installLoginModalEvents(
  target: EventTarget = window,
  store: LoginModalStore = loginModalStore,
) {
  const open = (event: Event) => {
    const status = (event as CustomEvent<{ status?: number } | undefined>).detail?.status;
    // The server refused the stored token for good: keeping it would only fail again.
    if (typeof status === 'number' && isLoginRequiredStatus(status)) clearSession();
    store.open();
  };
  for (const name of LOGIN_MODAL_EVENTS) target.addEventListener(name, open);
  return () => {
    for (const name of LOGIN_MODAL_EVENTS) target.removeEventListener(name, open);
  };
}

export const openLoginModal = () => loginModalStore.open();
