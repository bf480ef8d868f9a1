import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioUser } from '../../shared/session';
import { createTokenSync, REQUEST_TOKEN } from './token-sync';

const PLAYER = 'http://player.example:8080';
const user = { uid: 'u1', nick_name: 'Mira', oauth_enum: 'EMAIL' } as StudioUser;

/** A real window (an iframe's) standing for the player page that asks. */
function playerWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const target = frame.contentWindow!;
  const posted = vi.spyOn(target, 'postMessage').mockImplementation(() => {});
  return { target, posted };
}

function send(origin: string, data: unknown, source: Window | null = null) {
  window.dispatchEvent(new MessageEvent('message', { origin, source, data }));
}
const ask = (origin: string, source: Window) => send(origin, { type: REQUEST_TOKEN }, source);

const received: { token: string; user: StudioUser }[] = [];
let logouts = 0;
const deps = {
  playerOrigin: PLAYER,
  onToken: (token: string, from: StudioUser) => received.push({ token, user: from }),
  onLogout: () => {
    logouts += 1;
  },
};

describe('token sync, the studio side', () => {
  let dispose = () => {};
  afterEach(() => {
    dispose();
    received.length = 0;
    logouts = 0;
    document.body.innerHTML = '';
  });

  it('answers the player site with SET_TOKEN, addressed to its origin only', () => {
    const sync = createTokenSync({ ...deps, current: () => ({ token: 't-1', user }) });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask(PLAYER, target);
    expect(posted).toHaveBeenCalledWith(
      { type: 'SET_TOKEN', token: 't-1', userInfo: user },
      PLAYER,
    );
  });

  it('ignores a request from any other origin', () => {
    const sync = createTokenSync({ ...deps, current: () => ({ token: 't-1', user }) });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask('http://evil.example', target);
    ask('http://player.example:9999', target);
    expect(posted).not.toHaveBeenCalled();
  });

  it('tells the windows it answered about a new sign-in and a sign-out', () => {
    let signed: { token: string; user: StudioUser } | null = { token: 't-1', user };
    const sync = createTokenSync({ ...deps, current: () => signed });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask(PLAYER, target);
    signed = { token: 't-2', user };
    sync.signedIn();
    signed = null;
    sync.signedOut();
    expect(posted.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual([
      'SET_TOKEN',
      'TOKEN_UPDATED',
      'LOGOUT',
    ]);
    expect(posted.mock.calls[1]).toEqual([
      { type: 'TOKEN_UPDATED', token: 't-2', userInfo: user },
      PLAYER,
    ]);
  });

  it('opens player pages with the from marker', () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const sync = createTokenSync({ ...deps, current: () => null });
    dispose = sync.dispose;
    sync.open('/drama/7');
    expect(opened).toHaveBeenCalledWith(`${PLAYER}/drama/7?from=studio`, '_blank');
  });

  it('gives no token while nobody is signed in', () => {
    const sync = createTokenSync({ ...deps, current: () => null });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask(PLAYER, target);
    expect(posted).not.toHaveBeenCalled();
  });

  it('takes a signed-in account and a sign-out from the player site only', () => {
    const sync = createTokenSync({ ...deps, current: () => null });
    dispose = sync.dispose;
    send('http://evil.example', { type: 'SET_TOKEN', token: 'stolen', userInfo: user });
    send('http://evil.example', { type: 'LOGOUT' });
    expect(received).toEqual([]);
    expect(logouts).toBe(0);
    send(PLAYER, { type: 'SET_TOKEN', token: 't-9', userInfo: user });
    send(PLAYER, { type: 'LOGOUT' });
    expect(received).toEqual([{ token: 't-9', user }]);
    expect(logouts).toBe(1);
  });

  it('never takes a visitor’s account or a malformed token', () => {
    const sync = createTokenSync({ ...deps, current: () => null });
    dispose = sync.dispose;
    send(PLAYER, { type: 'SET_TOKEN', token: 't-v', userInfo: { uid: 'v', oauth_enum: 'DF_ID' } });
    send(PLAYER, { type: 'TOKEN_UPDATED', token: '', userInfo: user });
    send(PLAYER, { type: 'TOKEN_UPDATED', token: 'x'.repeat(513), userInfo: user });
    send(PLAYER, { type: 'SET_TOKEN', token: 't-2' });
    expect(received).toEqual([]);
  });

  it('opened by the player site with the marker, asks it for the token after 500 ms', () => {
    vi.useFakeTimers();
    const { target: opener, posted } = playerWindow();
    const win = Object.assign(new EventTarget(), {
      opener,
      location: { search: '?from=player' },
      open: () => null,
    }) as unknown as Window;
    const sync = createTokenSync({ ...deps, current: () => null, win });
    dispose = sync.dispose;
    vi.advanceTimersByTime(499);
    expect(posted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(posted).toHaveBeenCalledWith({ type: REQUEST_TOKEN }, PLAYER);
    vi.useRealTimers();
  });
});
