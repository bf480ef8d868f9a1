import { type ComponentType, lazy } from 'react';
import { loadScreenTexts } from '../i18n/i18n';

/**
 * A lazily loaded component inside the query scope: the component, TanStack Query and the screens'
 * texts are fetched the first time it renders, never with the shell (docs/decisions/0006).
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryScope }] = await Promise.all([
      load(),
      import('./query-scope'),
      loadScreenTexts(),
    ]);
    return {
      default: (props: P) => (
        <QueryScope>
          <Component {...props} />
        </QueryScope>
      ),
    };
  });
}
