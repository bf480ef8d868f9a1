import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRaw, call } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES: '4096' });
});
afterAll(() => server.close());

function expectNoInternals(desc: string) {
  expect(desc).not.toMatch(/at .*\.(ts|js):\d+|Error:|FST_|stack/i);
}

describe('transport faults keep their HTTP status and still answer an envelope', () => {
  it('malformed JSON is a 400 with a localized desc', async () => {
    const res = await apiRaw(server, CALLS.pageView, { body: '{"path": "/x", ', lang: 'zh_CN' });
    expect(res).toMatchObject({ http: 400, status: 400, desc: '无法解析该请求', data: null });
  });

  it('an unknown route is a 404 envelope, not the SPA', async () => {
    const res = await call(server, '/api/v1/no/such/call', { lang: 'ja_JP' });
    expect(res).toMatchObject({ http: 404, status: 404, desc: 'このアドレスは存在しません' });
  });

  it('an oversize body is a 413', async () => {
    const res = await api(server, CALLS.pageView, {
      body: { path: '/x', title: 'x'.repeat(10_000) },
    });
    expect(res).toMatchObject({ http: 413, status: 413 });
  });

  it('a body that is not JSON is a 415', async () => {
    const res = await apiRaw(server, CALLS.pageView, {
      body: 'path=/x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res).toMatchObject({ http: 415, status: 415 });
  });

  it('every fault desc is a plain message, never internals', async () => {
    for (const body of ['{', '[1,2', '"', 'nul', '{"a":}']) {
      const res = await apiRaw(server, CALLS.pageView, { body });
      expect(res.http).toBe(400);
      expectNoInternals(res.desc);
    }
  });
});

describe('business outcomes are HTTP 200 with a body status', () => {
  it('wrong types are 1001 naming the field, in the request language', async () => {
    const en = await apiRaw(server, CALLS.pageView, { body: { path: 42, title: 'x' } });
    expect(en).toMatchObject({ http: 200, status: 1001 });
    expect(en.desc).toMatch(/^Invalid parameters: path: /);
    const zh = await apiRaw(server, CALLS.pageView, {
      body: { path: 42, title: 'x' },
      lang: 'zh_CN',
    });
    expect(zh.desc).toMatch(/^参数错误: path: /);
    const ja = await apiRaw(server, CALLS.pageView, {
      body: { path: 42, title: 'x' },
      lang: 'ja_JP',
    });
    expect(ja.desc).toMatch(/^パラメータが正しくありません: path: /);
  });

  it('unknown fields are refused', async () => {
    const res = await apiRaw(server, CALLS.pageView, {
      body: { path: '/x', title: 'x', admin: true },
    });
    expect(res.status).toBe(1001);
    expect(res.desc).toContain('admin');
  });

  it('a body that is JSON but not an object is refused as parameters', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await apiRaw(server, CALLS.pageView, { body });
      expect([1001, 400]).toContain(res.status);
      expectNoInternals(res.desc);
    }
  });

  it('a missing df_id is 1002; a malformed one is 1001', async () => {
    expect(
      (await apiRaw(server, CALLS.pageView, { body: { path: '/x', title: 'x' }, dfId: null }))
        .status,
    ).toBe(1002);
    expect((await api(server, CALLS.home, { dfId: '' })).status).toBe(1002);
    const odd = await api(server, CALLS.home, { dfId: `<script>${'x'.repeat(300)}` });
    expect(odd.status).toBe(1001);
  });

  it('absurd lang values answer in English instead of failing', async () => {
    for (const lang of ['xx_YY', 'en_US'.repeat(500), '🙂', "'; drop table users; --", '']) {
      const res = await api(server, CALLS.home, { lang });
      expect(res).toMatchObject({ http: 200, status: 200, desc: 'Success' });
    }
  });

  it('falls back to Accept-Language when lang is absent', async () => {
    const res = await api(server, CALLS.home, {
      headers: { 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    expect(res.desc).toBe('成功しました');
  });
});
