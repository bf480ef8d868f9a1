import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

function fakeReply() {
  const sent: { code: number; body?: unknown; headers: Record<string, string> } = {
    code: 200,
    headers: {},
  };
  const reply = {
    header(k: string, v: string) {
      sent.headers[k] = v;
      return reply;
    },
    code(c: number) {
      sent.code = c;
      return reply;
    },
    send(body?: unknown) {
      sent.body = body;
      return reply;
    },
  };
  return { reply, sent };
}

const request = (etag?: string) => ({ headers: etag ? { 'if-none-match': etag } : {} }) as never;

describe('ResponseCache', () => {
  it('loads once for a burst of concurrent misses', async () => {
    let loads = 0;
    const cache = new ResponseCache(1000, () => 0);
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { n: 1 };
    };
    await Promise.all(
      Array.from({ length: 50 }, () =>
        cache.send(request(), fakeReply().reply as never, 'k', load),
      ),
    );
    expect(loads).toBe(1);
  });

  it('expires after its lifetime and answers 304 for a matching tag', async () => {
    let now = 0;
    let value = 1;
    const cache = new ResponseCache(1000, () => now);
    const load = async () => ({ value });
    const a = fakeReply();
    await cache.send(request(), a.reply as never, 'k', load);
    value = 2;
    now = 999;
    const b = fakeReply();
    await cache.send(request(a.sent.headers.etag), b.reply as never, 'k', load);
    expect(b.sent.code).toBe(304);
    now = 1000;
    const c = fakeReply();
    await cache.send(request(a.sent.headers.etag), c.reply as never, 'k', load);
    expect(c.sent.code).toBe(200);
    expect(c.sent.body).toBe('{"value":2}');
    expect(c.sent.headers.etag).not.toBe(a.sent.headers.etag);
  });

  it('does not cache a failed load', async () => {
    const cache = new ResponseCache(1000, () => 0);
    await expect(
      cache.send(request(), fakeReply().reply as never, 'k', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow();
    const ok = fakeReply();
    await cache.send(request(), ok.reply as never, 'k', async () => ({ ok: true }));
    expect(ok.sent.body).toBe('{"ok":true}');
  });
});
