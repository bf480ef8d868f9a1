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
