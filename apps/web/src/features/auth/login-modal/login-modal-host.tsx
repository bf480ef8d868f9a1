import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithQueries } from '../../../shared/api/lazy-with-queries';
import { loginModalStore } from './login-modal-store';

// The modal's UI, and the query cache its calls use, are only downloaded the first time someone
// opens it.
const LoginModal = lazyWithQueries(() => import('./login-modal').then((m) => m.default));

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
