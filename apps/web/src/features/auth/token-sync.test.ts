import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoginModalStore } from './login-modal/login-modal-store';
import {
  allowedStudioOrigins,
  DEV_STUDIO_ORIGINS,
  installTokenSync,
  parseTokenSyncMessage,
} from './token-sync';

const CREATOR = 'https://creator.taleforge.app';
const origins = [CREATOR];

/** A window stand-in: real event dispatch, a controllable URL and opener. */
function fakeWindow(search: string, opener: { postMessage: ReturnType<typeof vi.fn> } | null) {
  const target = new EventTarget();
  return Object.assign(target, { location: { search }, opener }) as unknown as Window;
}

const post = (win: Window, data: unknown, origin = CREATOR, source: unknown = null) =>
  win.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window | null }));

describe('token sync with the creator site (SPEC §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the opener for the token 500 ms after load when opened with a from marker', () => {
    vi.useFakeTimers();
    const opener = { postMessage: vi.fn() };
    const stop = installTokenSync({
      origins,
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
    installTokenSync({ origins, win: fakeWindow('', opener) })();
    installTokenSync({ origins, win: fakeWindow('?from=creator', null) })();
    vi.advanceTimersByTime(5_000);
    expect(opener.postMessage).not.toHaveBeenCalled();
  });

  it('stores SET_TOKEN and TOKEN_UPDATED from an allowed origin and refreshes the user', () => {
    const win = fakeWindow('', null);
    const refreshUser = vi.fn();
    const store = createLoginModalStore();
    store.open();
    const stop = installTokenSync({ origins, win, refreshUser, store });
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
    const stop = installTokenSync({ origins, win });
    post(win, { type: 'SET_TOKEN', token: 'evil' }, 'https://evil.example');
    post(win, { type: 'SET_TOKEN', token: 'dev' }, DEV_STUDIO_ORIGINS[0]);
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
    const stop = installTokenSync({ origins, win, store });
    post(win, { type: 'LOGOUT' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(store.getSnapshot().open).toBe(false);
    stop();
  });

  it('trusts the studio origin the server named, and the dev origins only under vite dev', () => {
    const named = 'https://studio.example.com';
    expect(allowedStudioOrigins({ environment: 'production', studioOrigin: named })).toEqual([
      named,
    ]);
    expect(allowedStudioOrigins({ environment: 'development', studioOrigin: named })).toEqual([
      named,
    ]);
    expect(allowedStudioOrigins({ environment: 'development', studioOrigin: null })).toEqual(
      DEV_STUDIO_ORIGINS,
    );
    expect(allowedStudioOrigins({ environment: 'production', studioOrigin: null })).toEqual([]);
    expect(allowedStudioOrigins({ environment: 'test', studioOrigin: null })).toEqual([]);
  });

  it("answers a studio's token request with a signed-in account's token, addressed to it alone", () => {
    const win = fakeWindow('', null);
    const stop = installTokenSync({ origins, win });
    const studio = { postMessage: vi.fn() };
    const stranger = { postMessage: vi.fn() };
    post(win, { type: 'REQUEST_TOKEN' }, CREATOR, studio);
    expect(studio.postMessage).not.toHaveBeenCalled();

    localStorage.setItem('access_token', 'tok_player');
    localStorage.setItem('userInfo', JSON.stringify({ nick_name: 'Mei', oauth_enum: 'DF_ID' }));
    post(win, { type: 'REQUEST_TOKEN' }, CREATOR, studio);
    expect(studio.postMessage).not.toHaveBeenCalled();

    localStorage.setItem('userInfo', JSON.stringify({ nick_name: 'Mei', oauth_enum: 'EMAIL' }));
    post(win, { type: 'REQUEST_TOKEN' }, 'https://evil.example', stranger);
    expect(stranger.postMessage).not.toHaveBeenCalled();
    post(win, { type: 'REQUEST_TOKEN' }, CREATOR, studio);
    expect(studio.postMessage).toHaveBeenCalledWith(
      {
        type: 'SET_TOKEN',
        token: 'tok_player',
        userInfo: { nick_name: 'Mei', oauth_enum: 'EMAIL' },
      },
      CREATOR,
    );
    stop();
  });
});
