import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loginModalStore } from './login-modal-store';

// The modal's UI is only downloaded the first time someone opens it.
const LoginModal = lazy(() => import('./login-modal'));

const isOpen = () => loginModalStore.getSnapshot().open;

export function LoginModalHost() {
  const open = useSyncExternalStore(loginModalStore.subscribe, isOpen, isOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
