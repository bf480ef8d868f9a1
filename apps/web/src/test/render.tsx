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

type Answer = { status?: number; desc?: string; data?: unknown; http?: number };
export type FakeRequest = { query: URLSearchParams; body: unknown; method: string };

/**
 * A fake server that answers by path with a function of the request, for tests that follow a
 * conversation (post, then read again). An answer names its body status and desc when it refuses.
 */
export function stubApiHandlers(
  routes: Record<string, (request: FakeRequest) => Answer | Promise<Answer>>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/taleforge/, '');
    const handler = routes[path];
    if (!handler) {
      return new Response(JSON.stringify({ status: 404, desc: 'not found', data: null }), {
        status: 404,
      });
    }
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = await handler({ query: url.searchParams, body, method: init?.method ?? 'GET' });
    return new Response(
      JSON.stringify({
        status: answer.status ?? 200,
        desc: answer.desc ?? 'ok',
        data: answer.data ?? null,
      }),
      { status: answer.http ?? 200 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A registered player in browser storage, as a login leaves it. */
export function signIn(taleforgeId: string, nickName = 'Reader', oauth = 'EMAIL') {
  localStorage.setItem('access_token', `token-${taleforgeId}`);
  localStorage.setItem(
    'userInfo',
    JSON.stringify({
      taleforge_id: taleforgeId,
      uid: taleforgeId,
      nick_name: nickName,
      oauth_enum: oauth,
    }),
  );
}
