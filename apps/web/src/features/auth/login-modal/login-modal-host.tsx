import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loginModalStore } from './login-modal-store';

// The modal's UI, and the query cache its calls use, are only downloaded the first time someone
// opens it.
const LoginModal = lazy(async () => {
  const [{ default: Modal }, { QueryScope }] = await Promise.all([
    import('./login-modal'),
    import('../../../shared/api/query-scope'),
  ]);
  return {
    default: (props: Parameters<typeof Modal>[0]) => (
      <QueryScope>
        <Modal {...props} />
      </QueryScope>
    ),
  };
});

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
