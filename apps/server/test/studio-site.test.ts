import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CALLS } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudioSite } from '../src/platform/http/studio-site.js';
import { tempDir } from './support/database.js';
import { buildGame } from './support/factories.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// The studio is its own origin: the API answers CORS for that origin alone, and the studio's
// listener serves its pages with the runtime config and a policy that lets them call the API.

const STUDIO = 'http://localhost:18081';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STUDIO_PORT: '18081', PUBLIC_URL: 'http://localhost:18080' });
});
afterAll(() => server.close());

const preflight = (origin: string) =>
  server.app.inject({
    method: 'OPTIONS',
    url: `/taleforge${CALLS.studioWorks.path}`,
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });

describe('CORS on the API', () => {
  it('lets the studio origin call with the Authorization header', async () => {
    const answer = await preflight(STUDIO);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(STUDIO);
    expect(String(answer.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives any other origin nothing to go on', async () => {
    for (const origin of ['http://localhost:18082', 'https://evil.example', 'null']) {
      const answer = await preflight(origin);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-headers']).toBeUndefined();
    }
  });

  it('marks the studio’s real calls readable by it', async () => {
    const { token } = await signedIn(server);
    const works = await api(server, CALLS.studioWorks, { token, headers: { origin: STUDIO } });
    expect(works.status).toBe(200);
    expect(works.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(works.headers.get('vary')).toMatch(/origin/i);
  });

  it('keeps Vary: Origin on answers that also vary by encoding', async () => {
    // The home read and a work's counts are written once and sent compressed or not.
    const headers = { origin: STUDIO, 'accept-encoding': 'identity' };
    const game = await buildGame(server.database.db);
    const home = await api(server, CALLS.home, { headers });
    const counts = await api(server, CALLS.workSocial, { query: { game_id: game.id }, headers });
    for (const answer of [home, counts]) {
      expect(answer.status).toBe(200);
      const vary = (answer.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    }
  });
});

describe('the studio site', () => {
  let site: FastifyInstance;
  beforeAll(async () => {
    const root = path.join(await tempDir(), 'studio-dist');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(
      path.join(root, 'index.html'),
      '<html><head><!--taleforge-config--><style>body{margin:0}</style></head><body></body></html>',
    );
    await writeFile(path.join(root, 'assets', 'app-1.js'), 'export {};');
    const built = await buildStudioSite({
      root,
      origin: STUDIO,
      logger: false,
      config: {
        apiBase: 'http://localhost:18080/taleforge',
        playerUrl: 'http://localhost:18080',
        environment: 'test',
      },
    });
    site = built!;
  });
  afterAll(() => site.close());

  it('serves every route the page with its config, uncached', async () => {
    for (const url of ['/', '/works/12/characters']) {
      const page = await site.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const config = /<script id="taleforge-config" type="application\/json">(.*?)<\/script>/.exec(
        page.body,
      );
      expect(JSON.parse(config![1]!)).toEqual({
        apiBase: 'http://localhost:18080/taleforge',
        playerUrl: 'http://localhost:18080',
        environment: 'test',
      });
    }
  });

  it('lets its pages call the API origin, and nothing else', async () => {
    const page = await site.inject({ url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:18080;/);
    expect(csp).toMatch(/img-src [^;]*http:\/\/localhost:18080/);
    expect(csp).toMatch(/script-src 'self';/);
    // The code editor's runtime styles: styles only, never scripts.
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline';/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a missing hashed asset 404, not the page', async () => {
    expect((await site.inject({ url: '/assets/app-1.js' })).statusCode).toBe(200);
    expect((await site.inject({ url: '/assets/gone-2.js' })).statusCode).toBe(404);
  });

  it('is not there without a studio build', async () => {
    const none = await buildStudioSite({
      root: path.join(await tempDir(), 'nothing'),
      origin: STUDIO,
      logger: false,
      config: {
        apiBase: 'http://a.test/taleforge',
        playerUrl: 'http://a.test',
        environment: 'test',
      },
    });
    expect(none).toBeNull();
  });
});
