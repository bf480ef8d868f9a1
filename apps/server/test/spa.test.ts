import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/database.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  const web = await tempDir('tf-web-');
  await mkdir(path.join(web, 'assets'));
  await writeFile(
    path.join(web, 'index.html'),
    '<html><head><!--taleforge-config--></head><body></body></html>',
  );
  await writeFile(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the web build writes beside each asset (apps/web/build/precompress.ts).
  await writeFile(
    path.join(web, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  server = await startTestServer({ WEB_DIST: web, TEST_HOST: 'test.example</script><b>' });
  origin = new URL(server.url('/')).origin;
});
afterAll(() => server.close());

describe('the built SPA', () => {
  it('serves index.html with the runtime config, never cached', async () => {
    const res = await fetch(`${origin}/For_You`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const json = /<script id="taleforge-config" type="application\/json">(.*?)<\/script>/.exec(
      html,
    )![1]!;
    // The hostile test host cannot close the script element.
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toMatchObject({
      basePath: '/taleforge',
      testHost: 'test.example</script><b>',
    });
  });

  it('falls back to index.html for every client route', async () => {
    for (const route of [
      '/',
      '/profile/me',
      '/drama/12',
      '/payment/callback?order_no=1',
      '/discordloginback?code=x',
    ]) {
      const res = await fetch(`${origin}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
    const raw = await fetch(`${origin}/index.html`);
    expect(await raw.text()).not.toContain('<!--taleforge-config-->');
  });

  it('serves hashed assets as immutable and a missing one as 404', async () => {
    const res = await fetch(`${origin}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${origin}/assets/index-gone.js`)).status).toBe(404);
  });

  it('sends the compressed copy of an asset to a browser that accepts it', async () => {
    const asset = `${origin}/assets/index-abc123.js`;
    const compressed = await fetch(asset, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    // fetch decodes the body itself; the header shows what came over the wire.
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('accept-encoding');
    expect(await compressed.text()).toBe('console.log(1)');
    const plain = await fetch(asset, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('keeps API paths out of the fallback', async () => {
    const res = await fetch(server.url('/api/nothing?df_id=v_x'));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404 });
  });
});
