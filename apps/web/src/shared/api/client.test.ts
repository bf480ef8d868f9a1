import { ApiError } from '@taleforge/browser/api-error';
import type { homeCall, loginCall, userExistCall } from '@taleforge/contracts';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { toast } from '../ui/toast/toast-store';
import { createApiClient, endpoint } from './client';
import { api } from './index';

const home = endpoint<typeof homeCall>({ method: 'GET', path: '/api/h5/game/home' });
const login = endpoint<typeof loginCall>({ method: 'POST', path: '/api/v1/login' });
const userExist = endpoint<typeof userExistCall>({
  method: 'GET',
  path: '/api/v1/validate/user/exist',
});

const envelope = (status: number, data: unknown = null, desc = '') =>
  new Response(JSON.stringify({ status, desc, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function stubFetch(respond: () => Response | Promise<Response> = () => envelope(200, {})) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () =>
    respond(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentUrl = (mock: ReturnType<typeof stubFetch>) => new URL(mock.mock.calls[0]![0], 'http://x');
const sentHeaders = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls[0]![1].headers as Record<string, string>;
let errorToast: MockInstance<(message: string) => number>;
const toastMessages = () => errorToast.mock.calls.map(([message]) => message);

describe('api client', () => {
  beforeEach(() => {
    errorToast = vi.spyOn(toast, 'error').mockReturnValue(0);
  });

  it('sends lang and df_id on every request under the /taleforge base', async () => {
    localStorage.setItem('is_visitor', 'v-42');
    const fetchMock = stubFetch();
    await api.request(userExist, { query: { email: 'a@b.co' } });
    const url = sentUrl(fetchMock);
    expect(url.pathname).toBe('/taleforge/api/v1/validate/user/exist');
    expect(url.searchParams.get('email')).toBe('a@b.co');
    expect(url.searchParams.get('lang')).toBe('en_US');
    expect(url.searchParams.get('df_id')).toBe('v-42');
  });

  it('maps each locale to its Accept-Language value', async () => {
    for (const [locale, header] of [
      ['en_US', 'en'],
      ['zh_CN', 'zh'],
      ['ja_JP', 'ja'],
    ] as const) {
      const fetchMock = vi.fn(async () => envelope(200, {}));
      const client = createApiClient({
        basePath: '/taleforge',
        getLocale: () => locale,
        getVisitorId: () => null,
        getToken: () => null,
        onNetworkError: vi.fn(),
        onLoginRequired: vi.fn(),
        fetch: () => fetchMock,
      });
      await client.request(home);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect((init.headers as Record<string, string>)['Accept-Language']).toBe(header);
      expect(new URL(url, 'http://x').searchParams.get('lang')).toBe(locale);
      expect(new URL(url, 'http://x').searchParams.has('df_id')).toBe(false);
    }
  });

  it('sends the raw stored token as Authorization, and none when there is no token', async () => {
    let fetchMock = stubFetch();
    await api.request(home);
    expect(sentHeaders(fetchMock)).not.toHaveProperty('Authorization');

    localStorage.setItem('access_token', 'tok_abc');
    fetchMock = stubFetch();
    await api.request(home);
    expect(sentHeaders(fetchMock).Authorization).toBe('tok_abc');
    expect(sentHeaders(fetchMock)['Accept-Language']).toBe('en');
  });

  it('never sends Authorization on the login call', async () => {
    localStorage.setItem('access_token', 'stale');
    const fetchMock = stubFetch();
    await api.request(login, { body: { oauth_enum: 'EMAIL', scene_type: 1, email: 'a@b.co' } });
    expect(sentHeaders(fetchMock)).not.toHaveProperty('Authorization');
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({
      email: 'a@b.co',
    });
  });

  it('unwraps data from a status 200 envelope', async () => {
    stubFetch(() => envelope(200, { sections: [] }));
    await expect(api.request(home)).resolves.toEqual({ sections: [] });
  });

  it.each([1005, 1006, 1007])('opens the login modal on body status %d', async (status) => {
    stubFetch(() => envelope(status, null, 'Please log in first'));
    const listener = vi.fn();
    window.addEventListener('show-login-modal', listener);
    const error = await api.request(home).catch((e: unknown) => e);
    window.removeEventListener('show-login-modal', listener);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, desc: 'Please log in first', kind: 'status' });
    expect(listener).toHaveBeenCalledOnce();
    expect(toastMessages()).toEqual([]);
  });

  it('rejects other body statuses without a toast or the login modal', async () => {
    stubFetch(() => envelope(1001, null, 'Invalid parameters'));
    const listener = vi.fn();
    window.addEventListener('show-login-modal', listener);
    await expect(api.request(home)).rejects.toMatchObject({ status: 1001, kind: 'status' });
    window.removeEventListener('show-login-modal', listener);
    expect(listener).not.toHaveBeenCalled();
    expect(toastMessages()).toEqual([]);
  });

  it('shows Network Error and rejects when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.request(home)).rejects.toMatchObject({ kind: 'network' });
    expect(toastMessages()).toEqual(['Network Error']);
  });

  it('shows Network Error and rejects on a non-2xx HTTP status', async () => {
    stubFetch(() => new Response('{"status":500,"desc":"x","data":null}', { status: 500 }));
    await expect(api.request(home)).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(toastMessages()).toEqual(['Network Error']);
  });

  it('treats an unreadable body as a network failure', async () => {
    stubFetch(() => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(api.request(home)).rejects.toMatchObject({ kind: 'network' });
    expect(toastMessages()).toEqual(['Network Error']);
  });

  it('gives up after 30000 ms with a toast', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('', 'AbortError')),
            );
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const settled = vi.fn();
      const pending = api.request(home).catch((error: unknown) => {
        settled(error);
      });
      await vi.advanceTimersByTimeAsync(29_999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled.mock.calls[0]![0]).toMatchObject({ kind: 'timeout' });
      expect(toastMessages()).toEqual(['Network Error']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays silent when the caller cancels or asks for a quiet call', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const cancelled = api.request(home, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toThrow();

    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(api.request(home, { quiet: true })).rejects.toMatchObject({ kind: 'network' });
    expect(toastMessages()).toEqual([]);
  });
});
