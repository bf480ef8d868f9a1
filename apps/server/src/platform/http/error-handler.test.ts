import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';

// Whatever status a plugin gives its error, the answer is the envelope with that HTTP status.

let app: FastifyInstance;
beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tf-static-'));
  await writeFile(path.join(root, 'file.txt'), 'hello');
  app = Fastify();
  installErrorHandler(app);
  await app.register(fastifyStatic, { root, prefix: '/files/' });
  app.get('/teapot', async () => {
    throw Object.assign(new Error('short and stout'), { statusCode: 418 });
  });
  app.get('/plain', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('plugin errors keep their status inside the envelope', () => {
  it("a static file server's 403 (backslashes)", async () => {
    for (const url of ['/files/%2e%2e%5c..%5cetc', '/files/a%5c..%5cfile.txt']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ status: 1004, data: null });
    }
  });

  it("a static file server's 400 (a NUL in the path)", async () => {
    const res = await app.inject({ url: '/files/%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: null });
  });

  it("a static file server's 416 (a range past the end)", async () => {
    const res = await app.inject({ url: '/files/file.txt', headers: { range: 'bytes=100-200' } });
    expect(res.statusCode).toBe(416);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('any other 4xx, and a bug is still a 500', async () => {
    const teapot = await app.inject({ url: '/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toMatchObject({ status: 400, desc: 'The request could not be read' });
    const bug = await app.inject({ url: '/plain' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ status: 500 });
    expect(bug.body).not.toContain('a bug');
  });
});
