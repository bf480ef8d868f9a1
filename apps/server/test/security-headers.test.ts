import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/database.js';
import { buildSession } from './support/factories.js';
import { checkoutOnServer, createOrder } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

const BOOT_STYLE = 'body { margin: 0; background: #120d2b; }';
const INDEX = `<!doctype html><html><head><!--taleforge-config--><style>${BOOT_STYLE}</style></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

/** The policy as a map of directive → sources. */
function policyOf(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, `${res.url}: Content-Security-Policy`).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inlineStyles = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);

async function startWithWeb(env: Record<string, string>): Promise<TestServer> {
  const web = await tempDir('tf-web-');
  await writeFile(path.join(web, 'index.html'), INDEX);
  return startTestServer({ WEB_DIST: web, ...env });
}

/** Every kind of answer we give: the page, a call, an unknown call, a server-rendered page. */
async function answers(server: TestServer): Promise<Response[]> {
  const origin = new URL(server.url('/')).origin;
  const { token } = await buildSession(server.database.db, { now: () => server.clock.now });
  const order = (await createOrder(server, token)).data!;
  return Promise.all([
    fetch(`${origin}/For_You`),
    fetch(server.url(CALLS.home.path, { df_id: 'v_headers' })),
    fetch(server.url('/api/nothing-here')),
    fetch(checkoutOnServer(server, order)),
  ]);
}

describe('security headers over http, without Google sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithWeb({ PUBLIC_URL: 'http://localhost:8080' });
  });
  afterAll(() => server.close());

  it('let a page opened for token sync (the from marker) keep its cross-origin opener', async () => {
    const origin = new URL(server.url('/')).origin;
    const synced = await fetch(`${origin}/For_You?from=studio`);
    expect(synced.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    // Everything else stays isolated, the same path without the marker included.
    const plain = await fetch(`${origin}/For_You?fromage=1`);
    expect(plain.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('send the same protections on the page and the API', async () => {
    for (const res of await answers(server)) {
      const h = (name: string) => res.headers.get(name);
      expect(h('x-frame-options'), res.url).toBe('DENY');
      expect(h('x-content-type-options'), res.url).toBe('nosniff');
      expect(h('referrer-policy'), res.url).toBe('strict-origin-when-cross-origin');
      expect(h('permissions-policy'), res.url).toContain('microphone=(self)');
      expect(h('permissions-policy'), res.url).toContain('camera=()');
      expect(h('cross-origin-opener-policy'), res.url).toBe('same-origin-allow-popups');
      // A plain-http run must stay reachable: no HSTS, no upgraded requests.
      expect(h('strict-transport-security'), res.url).toBeNull();
      const policy = policyOf(res);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      // A spoken reply plays from its bytes: blob: media only, no data: and no other origin.
      expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
      expect(h('content-security-policy')).not.toMatch(
        /unsafe-inline|unsafe-eval|accounts\.google/,
      );
    }
  });

  it('allows each inline style we serve by its hash, and nothing else inline', async () => {
    const origin = new URL(server.url('/')).origin;
    const page = await fetch(`${origin}/drama/1`);
    const html = await page.text();
    expect(inlineStyles(html)).toEqual([BOOT_STYLE]);
    expect(policyOf(page).get('style-src')).toContain(sha256(BOOT_STYLE));

    const { token } = await buildSession(server.database.db, { now: () => server.clock.now });
    const order = (await createOrder(server, token)).data!;
    const checkout = await fetch(checkoutOnServer(server, order));
    const [style] = inlineStyles(await checkout.text());
    expect(policyOf(checkout).get('style-src')).toContain(sha256(style!));
    // The page's form posts to itself and is sent on to PUBLIC_URL.
    expect(policyOf(checkout).get('form-action')).toEqual(["'self'", 'http://localhost:8080']);

    const mailbox = await fetch(`${origin}/dev/mailbox`);
    const [mailStyle] = inlineStyles(await mailbox.text());
    expect(policyOf(mailbox).get('style-src')).toContain(sha256(mailStyle!));
  });
});

describe('security headers over https, with Google sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithWeb({
      PUBLIC_URL: 'https://play.taleforge.test',
      GOOGLE_CLIENT_ID: 'taleforge-web.apps.example',
    });
  });
  afterAll(() => server.close());

  it('allow Google’s sign-in script, frame and calls, and ask for https only', async () => {
    for (const res of await answers(server)) {
      expect(res.headers.get('strict-transport-security'), res.url).toBe('max-age=31536000');
      const policy = policyOf(res);
      expect(policy.get('script-src')).toEqual([
        "'self'",
        'https://accounts.google.com/gsi/client',
      ]);
      expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
      expect(policy.get('connect-src')).toContain('https://accounts.google.com/gsi/');
      expect(policy.get('style-src')).toContain('https://accounts.google.com/gsi/style');
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });
});
