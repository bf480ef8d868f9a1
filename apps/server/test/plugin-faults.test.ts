import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { startTestServer, type TestServer } from './support/server.js';

// Faults raised before a route runs, or by a plugin (the media file server), answer the envelope
// with their own HTTP status; a way out of the media directory is a name we do not have.

let server: TestServer;
let stored: string;
beforeAll(async () => {
  server = await startTestServer();
  stored = await createMediaStore(server.config).put(Buffer.from('a sound'), 'mp3');
});
afterAll(() => server.close());

/** The raw path is sent as written: fetch would resolve `..` and re-encode the rest. */
async function raw(rawPath: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url('').replace(/\/$/, '')}${rawPath}`, { headers });
  const text = await res.text();
  const json = (() => {
    try {
      return JSON.parse(text) as { status: number; desc: string; data: unknown };
    } catch {
      return null;
    }
  })();
  return { http: res.status, json, text };
}

describe('/media: traversal in any encoding is a 404 envelope', () => {
  it('serves a stored file', async () => {
    const res = await raw(`/media/${stored}`);
    expect(res.http).toBe(200);
    expect(res.text).toBe('a sound');
  });

  it.each([
    '/media/..%2f..%2fetc/passwd',
    '/media/..%2F..%2Fkeys',
    '/media/%2e%2e/%2e%2e/etc/passwd',
    '/media/%2e%2e%5c..%5cetc%5cpasswd',
    '/media/..%5c..%5cetc%5cpasswd',
    '/media/..%252f..%252fetc%252fpasswd',
    '/media/%252e%252e%252fkeys',
    '/media/%00',
    '/media/a%00.mp3',
    '/media/{stored}%00',
    '/media/{stored}%00.mp3',
    '/media/x/..%2f{stored}',
    '/media/.%2f{stored}',
    '/media//{stored}',
    '/media/.',
    '/media/..',
    '/media/.hidden',
  ])('%s', async (template) => {
    const res = await raw(template.replace('{stored}', stored));
    expect(res.http, res.text).toBe(404);
    expect(res.json).toMatchObject({ status: 404, data: null });
  });
});

describe('a URL that does not decode', () => {
  it.each(['/media/%ED%A0%80', CALLS.home.path.replace(/home$/, '%'), `${CALLS.home.path}%C0%AF`])(
    '%s is a 400 envelope',
    async (p) => {
      const res = await raw(p, { 'accept-language': 'zh-CN' });
      expect(res.http, res.text).toBe(400);
      expect(res.json).toMatchObject({ status: 400, desc: '无法解析该请求' });
    },
  );
});
