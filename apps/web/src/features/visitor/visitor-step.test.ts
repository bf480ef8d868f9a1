import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLED } from '../../test/settled';
import type { DeviceSignals } from './collect-signals';
import {
  BACKGROUND_RETRY_MS,
  readFreshVisitor,
  runVisitorStep,
  VISITOR_FETCHED_AT_KEY,
} from './visitor-step';

const spki = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64');

const signals: DeviceSignals = { visitorId: 'fp-1', components: { timezone: { value: 'UTC' } } };
const envelope = (status: number, data: unknown) =>
  new Response(JSON.stringify({ status, desc: '', data }));

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A fake risk service: answers key and device calls and records what it was sent. */
function fakeRisk(device: Handler = () => envelope(200, { visitor_id: 'srv-visitor' })) {
  return vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/api/v1/risk/key')) return envelope(200, { kid: 'k1', spki });
    return device(url, init);
  });
}

const deps = (
  fetch: typeof globalThis.fetch,
  extra: Partial<Parameters<typeof runVisitorStep>[0]> = {},
) => ({
  basePath: '/taleforge',
  locale: 'ja_JP' as const,
  collect: vi.fn(async () => signals),
  fetch,
  storage: localStorage,
  now: () => 1_000_000,
  schedule: vi.fn(),
  ...extra,
});

describe('visitor step', () => {
  it('fetches the key, posts sealed signals and stores the visitor id with its fetch time', async () => {
    const fetch = fakeRisk();
    await expect(runVisitorStep(deps(fetch))).resolves.toBe('srv-visitor');
    expect(localStorage.getItem('is_visitor')).toBe('srv-visitor');
    expect(localStorage.getItem(VISITOR_FETCHED_AT_KEY)).toBe('1000000');

    const [keyCall, deviceCall] = fetch.mock.calls;
    const keyUrl = new URL(String(keyCall![0]), 'http://localhost');
    expect(keyUrl.pathname).toBe('/taleforge/api/v1/risk/key');
    expect(keyUrl.searchParams.get('lang')).toBe('ja_JP');
    expect(deviceCall![1]?.method).toBe('POST');
    const body = JSON.parse(String(deviceCall![1]?.body));
    expect(Object.keys(body).sort()).toEqual(['data', 'iv', 'key', 'kid']);
    expect(body.kid).toBe('k1');
  });

  it('asks for the key while the signals are still being collected', async () => {
    const fetch = fakeRisk();
    let finish: (value: typeof signals) => void = () => {};
    const collect = vi.fn(() => new Promise<typeof signals>((resolve) => (finish = resolve)));
    const step = runVisitorStep(deps(fetch, { collect }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), SETTLED);
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://localhost').pathname).toBe(
      '/taleforge/api/v1/risk/key',
    );
    finish(signals);
    await expect(step).resolves.toBe('srv-visitor');
  });

  it('skips the step while the stored id is younger than 180000 ms', async () => {
    localStorage.setItem('is_visitor', 'srv-cached');
    localStorage.setItem('visitor_secret', 'S'.repeat(43));
    localStorage.setItem(VISITOR_FETCHED_AT_KEY, String(1_000_000 - 179_999));
    const fetch = fakeRisk();
    await expect(runVisitorStep(deps(fetch))).resolves.toBe('srv-cached');
    expect(fetch).not.toHaveBeenCalled();

    expect(readFreshVisitor(localStorage, 1_000_000 + 1)).toBeNull();
    // An id without its secret is not enough: the step runs to prove or replace it.
    localStorage.removeItem('visitor_secret');
    expect(readFreshVisitor(localStorage, 1_000_000)).toBeNull();
  });

  describe('the identity a browser holds', () => {
    const secret = 's'.repeat(43);
    const postedBody = (fetch: ReturnType<typeof fakeRisk>) =>
      JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body));
    const postedHeaders = (fetch: ReturnType<typeof fakeRisk>) =>
      fetch.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.headers as Record<
        string,
        string
      >;

    it('stores the secret a new visitor is given beside its id', async () => {
      const fetch = fakeRisk(() => envelope(200, { visitor_id: 'v_new', visitor_secret: secret }));
      await expect(runVisitorStep(deps(fetch))).resolves.toBe('v_new');
      expect(localStorage.getItem('visitor_secret')).toBe(secret);
    });

    it('sends its id and secret in the body and keeps them when the server confirms the id', async () => {
      localStorage.setItem('is_visitor', 'v_held');
      localStorage.setItem('visitor_secret', secret);
      const fetch = fakeRisk(() => envelope(200, { visitor_id: 'v_held' }));
      await expect(runVisitorStep(deps(fetch))).resolves.toBe('v_held');
      expect(postedBody(fetch)).toMatchObject({ visitor_id: 'v_held', visitor_secret: secret });
      // The secret never travels in a query string (those reach access logs).
      for (const [url] of fetch.mock.calls) expect(String(url)).not.toContain(secret);
      expect(localStorage.getItem('visitor_secret')).toBe(secret);
    });

    it('a visitor the server does not recognise takes the new id and drops the old secret', async () => {
      localStorage.setItem('is_visitor', 'v_held');
      localStorage.setItem('visitor_secret', secret);
      const fresh = 'n'.repeat(43);
      const fetch = fakeRisk(() => envelope(200, { visitor_id: 'v_other', visitor_secret: fresh }));
      await expect(runVisitorStep(deps(fetch))).resolves.toBe('v_other');
      expect(localStorage.getItem('visitor_secret')).toBe(fresh);
    });

    it('a visitor from before secrets proves itself with its DF_ID session, and only then', async () => {
      localStorage.setItem('is_visitor', 'v_old');
      localStorage.setItem('access_token', 'visitor-session-token');
      localStorage.setItem('oauth_enum', 'DF_ID');
      const fetch = fakeRisk(() => envelope(200, { visitor_id: 'v_old', visitor_secret: secret }));
      await runVisitorStep(deps(fetch));
      expect(postedHeaders(fetch).Authorization).toBe('visitor-session-token');
      expect(postedBody(fetch)).toEqual(expect.objectContaining({ visitor_id: 'v_old' }));
      expect(postedBody(fetch).visitor_secret).toBeUndefined();
      expect(localStorage.getItem('visitor_secret')).toBe(secret);

      // A signed-in account's token is never offered as a visitor's proof.
      localStorage.clear();
      localStorage.setItem('is_visitor', 'v_old');
      localStorage.setItem('access_token', 'account-token');
      localStorage.setItem('oauth_enum', 'EMAIL');
      const again = fakeRisk(() => envelope(200, { visitor_id: 'v_new', visitor_secret: secret }));
      await runVisitorStep(deps(again));
      expect(postedHeaders(again).Authorization).toBeUndefined();
    });
  });

  it('refetches the key once when the server says it rotated (1101)', async () => {
    let posts = 0;
    const fetch = fakeRisk(() =>
      ++posts === 1 ? envelope(1101, null) : envelope(200, { visitor_id: 'after-rotation' }),
    );
    await expect(runVisitorStep(deps(fetch))).resolves.toBe('after-rotation');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  describe('when the risk service is unreachable', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('gives each request 2000 ms, tries twice, then mounts with a local id', async () => {
      const fetch = vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      );
      const step = runVisitorStep(deps(fetch));
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2000);
      const id = await step;
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(id).toMatch(/^local-[0-9a-f]{32}$/);
      expect(localStorage.getItem('is_visitor')).toBe(id);
    });

    it('replaces the local id from the background once the service answers', async () => {
      // Retries are driven by hand through `schedule`; real timers let WebCrypto finish.
      vi.useRealTimers();
      let online = false;
      const riskService = fakeRisk();
      const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!online) throw new TypeError('Failed to fetch');
        return riskService(input, init);
      });
      const scheduled: (() => void)[] = [];
      const schedule = vi.fn((run: () => void) => {
        scheduled.push(run);
      });
      const id = await runVisitorStep(deps(fetch, { schedule }));
      expect(id).toMatch(/^local-/);
      expect(schedule).toHaveBeenCalledWith(expect.any(Function), BACKGROUND_RETRY_MS);

      scheduled.shift()!();
      await vi.waitFor(() => expect(schedule).toHaveBeenCalledTimes(2), SETTLED);
      expect(localStorage.getItem('is_visitor')).toBe(id);

      online = true;
      scheduled.shift()!();
      await vi.waitFor(
        () => expect(localStorage.getItem('is_visitor')).toBe('srv-visitor'),
        SETTLED,
      );
      expect(schedule).toHaveBeenCalledTimes(2);
    });

    it('falls back too when the signals cannot be collected', async () => {
      const fetch = fakeRisk();
      const collect = vi.fn(async () => {
        throw new Error('chunk failed');
      });
      const id = await runVisitorStep(deps(fetch, { collect }));
      expect(id).toMatch(/^local-/);
      expect(collect).toHaveBeenCalledTimes(2);
      // Keys were asked for alongside, but nothing was ever posted.
      const posted = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(posted).toEqual([]);
    });
  });
});
