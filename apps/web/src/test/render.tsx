import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../shared/api/query-client';

export function renderWithQuery(ui: ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

/** A fake server: one envelope per path, everything else 404s like the real one would. */
export function stubApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const path = pathname.replace(/^\/taleforge/, '');
    if (!(path in routes)) {
      return new Response(JSON.stringify({ status: 404, desc: 'not found', data: null }), {
        status: 404,
      });
    }
    return new Response(JSON.stringify({ status: 200, desc: 'ok', data: routes[path] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
