import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loginModalStore } from './login-modal-store';

// The modal's UI is only downloaded the first time someone opens it.
const LoginModal = lazy(() => import('./login-modal'));

export function LoginModalHost() {
  const state = useSyncExternalStore(
    loginModalStore.subscribe,
    loginModalStore.getSnapshot,
    loginModalStore.getSnapshot,
  );
  if (!state.open) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal step={state.step} />
    </Suspense>
  );
}
