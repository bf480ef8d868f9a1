import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { WrittenAnswer } from './written-answer.js';

// A kept answer is sent as it is the first time an encoding is asked for, and compressed (once)
// from the second time on: what the client decodes is always the same text.

const text = JSON.stringify({ status: 200, desc: 'ok', data: { list: 'x'.repeat(4_000) } });
const answer = new WrittenAnswer(text);
const small = new WrittenAnswer(JSON.stringify({ status: 200, desc: 'ok', data: { n: 1 } }));
const app = Fastify();
app.get('/kept', (request, reply) => answer.send(request, reply));
app.get('/small', (request, reply) => small.send(request, reply));
afterAll(() => app.close());

const read = (acceptEncoding?: string) =>
  app.inject({
    url: '/kept',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('a written answer', () => {
  it('compresses an encoding the second time it is asked for, and keeps it', async () => {
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const encoding of ['br', 'gzip'] as const) {
      const first = await read(encoding);
      expect(first.headers['content-encoding']).toBeUndefined();
      expect(first.body).toBe(text);
      for (const again of [await read(encoding), await read(`${encoding}, identity`)]) {
        expect(again.headers['content-encoding']).toBe(encoding);
        expect(again.rawPayload.length).toBeLessThan(text.length / 10);
        expect(decoders[encoding](again.rawPayload).toString()).toBe(text);
      }
    }
  });

  it('never compresses an answer under a kilobyte', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.rawPayload.equals(small.identity)).toBe(true);
    }
  });

  it('sends the text as it is to a client that accepts no encoding of ours', async () => {
    for (const accepted of [undefined, 'identity', 'zstd', 'deflate']) {
      const plain = await read(accepted);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.body).toBe(text);
    }
  });
});
