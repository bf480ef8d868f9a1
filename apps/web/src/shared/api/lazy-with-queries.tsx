import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded component inside the query scope: the component and TanStack Query are both
 * fetched the first time it renders, never with the shell (docs/decisions/0006).
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryScope }] = await Promise.all([load(), import('./query-scope')]);
    return {
      default: (props: P) => (
        <QueryScope>
          <Component {...props} />
        </QueryScope>
      ),
    };
  });
}
