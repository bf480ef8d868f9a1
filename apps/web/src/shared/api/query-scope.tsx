import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

// TanStack Query is not part of the first visit's JavaScript (docs/decisions/0006): screens and
// dialogs that use it sit inside this scope, which is fetched with them. All scopes share one cache.

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A pathless layout route around every screen that reads server state through TanStack Query. */
export function QueryScopeLayout() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
