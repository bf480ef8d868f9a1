import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoginModalStore } from './login-modal/login-modal-store';
import { installTokenSync, parseTokenSyncMessage } from './token-sync';

const CREATOR = 'https://creator.taleforge.app';

/** A window stand-in: real event dispatch, a controllable URL and opener. */
function fakeWindow(search: string, opener: { postMessage: ReturnType<typeof vi.fn> } | null) {
  const target = new EventTarget();
  return Object.assign(target, { location: { search }, opener }) as unknown as Window;
}

const post = (win: Window, data: unknown, origin = CREATOR) =>
  win.dispatchEvent(new MessageEvent('message', { data, origin }));

describe('token sync with the creator site (SPEC §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the opener for the token 500 ms after load when opened with a from marker', () => {
    vi.useFakeTimers();
    const opener = { postMessage: vi.fn() };
    const stop = installTokenSync({
      environment: 'production',
      win: fakeWindow('?from=creator', opener),
    });
    vi.advanceTimersByTime(499);
    expect(opener.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'REQUEST_TOKEN' }, CREATOR);
    stop();
  });

  it('does not ask without the marker or without an opener', () => {
    vi.useFakeTimers();
    const opener = { postMessage: vi.fn() };
    installTokenSync({ environment: 'production', win: fakeWindow('', opener) })();
    installTokenSync({ environment: 'production', win: fakeWindow('?from=creator', null) })();
    vi.advanceTimersByTime(5_000);
    expect(opener.postMessage).not.toHaveBeenCalled();
  });

  it('stores SET_TOKEN and TOKEN_UPDATED from an allowed origin and refreshes the user', () => {
    const win = fakeWindow('', null);
    const refreshUser = vi.fn();
    const store = createLoginModalStore();
    store.open();
    const stop = installTokenSync({ environment: 'production', win, refreshUser, store });
    post(win, { type: 'SET_TOKEN', token: 'tok_a' });
    expect(localStorage.getItem('access_token')).toBe('tok_a');
    expect(refreshUser).toHaveBeenCalledOnce();
    expect(store.getSnapshot().open).toBe(false);
    post(win, { type: 'TOKEN_UPDATED', token: 'tok_b' });
    expect(localStorage.getItem('access_token')).toBe('tok_b');
    stop();
  });

  it('ignores other origins, other environments and malformed messages', () => {
    const win = fakeWindow('', null);
    const stop = installTokenSync({ environment: 'production', win });
    post(win, { type: 'SET_TOKEN', token: 'evil' }, 'https://evil.example');
    post(win, { type: 'SET_TOKEN', token: 'test-site' }, 'https://creator.test.taleforge.app');
    post(win, { type: 'SET_TOKEN', token: 42 });
    post(win, 'SET_TOKEN');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(parseTokenSyncMessage({ type: 'SET_TOKEN', token: 'x'.repeat(513) })).toBeNull();
    stop();
  });

  it('on LOGOUT removes credentials and user data and closes the login dialog', () => {
    const win = fakeWindow('', null);
    const store = createLoginModalStore();
    store.needNickname();
    localStorage.setItem('access_token', 't');
    localStorage.setItem('userInfo', '{}');
    localStorage.setItem('user_id', 'u');
    const stop = installTokenSync({ environment: 'production', win, store });
    post(win, { type: 'LOGOUT' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(store.getSnapshot().open).toBe(false);
    stop();
  });
});
