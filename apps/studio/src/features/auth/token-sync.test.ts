import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioUser } from '../../shared/session';
import { createTokenSync, REQUEST_TOKEN } from './token-sync';

const PLAYER = 'http://player.example:8080';
const user = { uid: 'u1', nick_name: 'Mira' } as StudioUser;

/** A real window (an iframe's) standing for the player page that asks. */
function playerWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const target = frame.contentWindow!;
  const posted = vi.spyOn(target, 'postMessage').mockImplementation(() => {});
  return { target, posted };
}

function ask(origin: string, source: Window) {
  window.dispatchEvent(
    new MessageEvent('message', { origin, source, data: { type: REQUEST_TOKEN } }),
  );
}

describe('token sync, the studio side', () => {
  let dispose = () => {};
  afterEach(() => {
    dispose();
    document.body.innerHTML = '';
  });

  it('answers the player site with SET_TOKEN, addressed to its origin only', () => {
    const sync = createTokenSync({ playerOrigin: PLAYER, current: () => ({ token: 't-1', user }) });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask(PLAYER, target);
    expect(posted).toHaveBeenCalledWith(
      { type: 'SET_TOKEN', token: 't-1', userInfo: user },
      PLAYER,
    );
  });

  it('ignores a request from any other origin', () => {
    const sync = createTokenSync({ playerOrigin: PLAYER, current: () => ({ token: 't-1', user }) });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask('http://evil.example', target);
    ask('http://player.example:9999', target);
    expect(posted).not.toHaveBeenCalled();
  });

  it('tells the windows it answered about a new sign-in and a sign-out', () => {
    let signed: { token: string; user: StudioUser } | null = { token: 't-1', user };
    const sync = createTokenSync({ playerOrigin: PLAYER, current: () => signed });
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
    const sync = createTokenSync({ playerOrigin: PLAYER, current: () => null });
    dispose = sync.dispose;
    sync.open('/drama/7');
    expect(opened).toHaveBeenCalledWith(`${PLAYER}/drama/7?from=studio`, '_blank');
  });

  it('gives no token while nobody is signed in', () => {
    const sync = createTokenSync({ playerOrigin: PLAYER, current: () => null });
    dispose = sync.dispose;
    const { target, posted } = playerWindow();
    ask(PLAYER, target);
    expect(posted).not.toHaveBeenCalled();
  });
});
