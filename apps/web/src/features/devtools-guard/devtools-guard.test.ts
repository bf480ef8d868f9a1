import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDevtoolsOpen, isGuardExempt } from './detect';
import { installDevtoolsGuard } from './install-devtools-guard';

const size = (
  outerWidth: number,
  innerWidth: number,
  outerHeight: number,
  innerHeight: number,
) => ({
  outerWidth,
  innerWidth,
  outerHeight,
  innerHeight,
});

describe('isDevtoolsOpen', () => {
  it('is open when the width gap exceeds 200 px or the height gap exceeds 300 px', () => {
    expect(isDevtoolsOpen(size(1440, 1240, 900, 800))).toBe(false);
    expect(isDevtoolsOpen(size(1440, 1239, 900, 800))).toBe(true);
    expect(isDevtoolsOpen(size(1440, 1440, 900, 600))).toBe(false);
    expect(isDevtoolsOpen(size(1440, 1440, 900, 599))).toBe(true);
  });
});

describe('isGuardExempt', () => {
  const at = (hostname: string, host = hostname) => ({ hostname, host });

  it('exempts localhost, loopback addresses and the test host', () => {
    expect(isGuardExempt(at('localhost', 'localhost:5173'), 'test.taleforge.app')).toBe(true);
    expect(isGuardExempt(at('127.0.0.1'), 'test.taleforge.app')).toBe(true);
    expect(isGuardExempt(at('[::1]'), 'test.taleforge.app')).toBe(true);
    expect(isGuardExempt(at('test.taleforge.app'), 'test.taleforge.app')).toBe(true);
    expect(isGuardExempt(at('qa', 'qa:8099'), 'qa:8099')).toBe(true);
  });

  it('guards every other host', () => {
    expect(isGuardExempt(at('taleforge.app'), 'test.taleforge.app')).toBe(false);
    expect(isGuardExempt(at('taleforge.app'), '')).toBe(false);
  });
});

describe('installDevtoolsGuard', () => {
  let stop = () => {};
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const fakeWindow = (hostname: string) => {
    const win = {
      document,
      location: { hostname, host: hostname },
      setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
      clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
      ...size(1440, 1440, 900, 900),
    };
    return win as unknown as Window & typeof globalThis & ReturnType<typeof size>;
  };
  const overlay = () => document.querySelector('[data-testid="devtools-overlay"]');

  it('covers the page within 500 ms of the tools opening, and uncovers it when they close', () => {
    const win = fakeWindow('taleforge.app');
    stop = installDevtoolsGuard({ win, testHost: 'test.taleforge.app' });
    expect(overlay()).toBeNull();

    win.innerWidth = 1000;
    vi.advanceTimersByTime(499);
    expect(overlay()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(overlay()?.parentElement).toBe(document.documentElement);
    expect(document.body.style.visibility).toBe('hidden');

    win.innerWidth = 1440;
    vi.advanceTimersByTime(500);
    expect(overlay()).toBeNull();
    expect(document.body.style.visibility).toBe('');
  });

  it('never runs on localhost', () => {
    const win = fakeWindow('localhost');
    win.innerWidth = 100;
    stop = installDevtoolsGuard({ win, testHost: 'test.taleforge.app' });
    vi.advanceTimersByTime(2000);
    expect(overlay()).toBeNull();
  });
});
