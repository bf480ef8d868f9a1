import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

function fakeReply() {
  const sent: { code: number; body?: unknown; headers: Record<string, string> } = {
    code: 200,
    headers: {},
  };
  const reply = {
    getHeader: (k: string) => sent.headers[k],
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
      return '{"n":1}';
    };
    await Promise.all(
      Array.from({ length: 50 }, () =>
        cache.send(request(), fakeReply().reply as never, 'k', load),
      ),
    );
    expect(loads).toBe(1);
  });

  it('expires after its lifetime and answers 304 for a matching tag', async () => {
    const start = Date.parse('2026-11-25T12:00:00Z');
    let now = start;
    let value = 1;
    const cache = new ResponseCache(1000, () => now);
    const load = async () => JSON.stringify({ value });
    const a = fakeReply();
    await cache.send(request(), a.reply as never, 'k', load);
    value = 2;
    now = start + 1000;
    const b = fakeReply();
    await cache.send(request(a.sent.headers.etag), b.reply as never, 'k', load);
    expect(b.sent.code).toBe(304);
    now = start + 1001;
    const c = fakeReply();
    await cache.send(request(a.sent.headers.etag), c.reply as never, 'k', load);
    expect(c.sent.code).toBe(200);
    expect(String(c.sent.body)).toBe('{"value":2}');
    expect(c.sent.headers.etag).not.toBe(a.sent.headers.etag);
  });

  it('keeps at most its bound, dropping the page read longest ago', async () => {
    const loads: string[] = [];
    const cache = new ResponseCache(60_000, Date.now, 2);
    const read = (key: string) =>
      cache.send(request(), fakeReply().reply as never, key, async () => {
        loads.push(key);
        return JSON.stringify({ key });
      });
    await read('a');
    await read('b');
    await read('a');
    await read('c');
    await read('a');
    await read('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('caches nothing with a lifetime of 0', async () => {
    let loads = 0;
    const cache = new ResponseCache(0);
    const load = async () => JSON.stringify({ n: ++loads });
    await cache.send(request(), fakeReply().reply as never, 'k', load);
    const again = fakeReply();
    await cache.send(request(), again.reply as never, 'k', load);
    expect(String(again.sent.body)).toBe('{"n":2}');
  });

  it('does not cache a failed load', async () => {
    const cache = new ResponseCache(1000, () => 0);
    await expect(
      cache.send(request(), fakeReply().reply as never, 'k', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow();
    const ok = fakeReply();
    await cache.send(request(), ok.reply as never, 'k', async () => '{"ok":true}');
    expect(String(ok.sent.body)).toBe('{"ok":true}');
  });
});

describe('ResponseCache over HTTP', () => {
  const page = {
    games: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Tale ${i} — 物語` })),
  };
  const json = JSON.stringify(page);
  const cache = new ResponseCache(60_000);
  const app = Fastify();
  app.get('/home', (request, reply) => cache.send(request, reply, 'home', async () => json));
  afterAll(() => app.close());

  const get = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/home', headers });

  it('sends the body compressed the way the client prefers, the same content every way', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(json) / 3);

    const gz = await get({ 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json);

    const plainHeaders: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, x' },
    ];
    for (const headers of plainHeaders) {
      const plain = await get(headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(json);
      expect(plain.headers.etag).toBe(br.headers.etag);
    }
  });

  it('answers 304 to a matching tag whatever the encoding', async () => {
    const first = await get({ 'accept-encoding': 'br' });
    const again = await get({
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
