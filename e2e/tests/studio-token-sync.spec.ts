import type { BrowserContext } from '@playwright/test';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { registerInBrowser } from '../support/profiles';

// Token sync with the creator studio as SPEC §4 has it, across real origins in Chromium. The
// studio's pages are stand-ins served by the browser (route): one on the origin the server names
// for the studio, one on an origin it does not. Only the first is listened to.

const EVIL_ORIGIN = 'http://evil.taleforge.test';

/** The studio origin the server injected into the player site's runtime config. */
async function studioOriginOf(page: Page): Promise<string> {
  const origin = await page.evaluate(
    () => JSON.parse(document.getElementById('taleforge-config')?.textContent ?? '{}').studioOrigin,
  );
  expect(origin).toMatch(/^https?:\/\//);
  return origin as string;
}

/**
 * A stand-in creator site on `origin`: it opens the player site with the `from` marker, answers
 * its token request with `token`, and posts whatever a test hands to `send`. `spray` posts
 * SET_TOKEN to every origin unasked, as a hostile page would.
 */
async function serveCreatorSite(context: BrowserContext, origin: string) {
  await context.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Creator</title><h1>Creator</h1><script>
        const seen = [];
        window.seen = seen;
        window.openPlayer = (url) => { window.player = window.open(url, '_blank'); };
        window.send = (message, target) => window.player.postMessage(message, target);
        window.addEventListener('message', (event) => {
          seen.push({ origin: event.origin, type: event.data && event.data.type });
          if (event.data && event.data.type === 'REQUEST_TOKEN' && window.token) {
            event.source.postMessage({ type: 'SET_TOKEN', token: window.token }, event.origin);
          }
        });
      </script></html>`,
    }),
  );
}

async function openPlayerFrom(creator: Page, playerUrl: string): Promise<Page> {
  const [player] = await Promise.all([
    creator.context().waitForEvent('page'),
    creator.evaluate(
      (url) => (window as unknown as { openPlayer(u: string): void }).openPlayer(url),
      playerUrl,
    ),
  ]);
  await waitForMount(player);
  return player;
}

const banner = (page: Page) => page.getByRole('banner');
const storedToken = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);

test('the player site takes a token only from the studio origin the server names', async ({
  page,
  context,
}) => {
  const { token } = await registerInBrowser(page, 'SyncWriter');
  const playerUrl = new URL('/For_You?from=studio', page.url()).href;
  const studioOrigin = await studioOriginOf(page);
  // Signed out here; the account's token stays good on the server.
  await page.evaluate(() => localStorage.clear());
  await serveCreatorSite(context, studioOrigin);
  await serveCreatorSite(context, EVIL_ORIGIN);

  // A page on another origin opens the player site and pushes a token at it: ignored.
  const evil = await context.newPage();
  await evil.goto(`${EVIL_ORIGIN}/`);
  await evil.evaluate((t) => Object.assign(window, { token: t }), token);
  const victim = await openPlayerFrom(evil, playerUrl);
  for (let i = 0; i < 3; i++) {
    await evil.evaluate(
      (t) =>
        (window as unknown as { send(m: unknown, o: string): void }).send(
          { type: 'SET_TOKEN', token: t },
          '*',
        ),
      token,
    );
    await victim.waitForTimeout(300);
  }
  await expect(banner(victim).getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedToken(victim)).toBeNull();
  // Nor was it asked for the token: the request goes to the studio's origin alone.
  expect(await evil.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([]);

  // The studio opens it: the page asks its opener, gets the token and is signed in.
  const studio = await context.newPage();
  await studio.goto(`${studioOrigin}/`);
  await studio.evaluate((t) => Object.assign(window, { token: t }), token);
  const player = await openPlayerFrom(studio, playerUrl);
  // The page keeps its opener, or it could not ask it (the headers must not sever the two).
  expect(await player.evaluate(() => window.opener !== null)).toBe(true);
  await expect(banner(player).getByRole('link', { name: /SyncWriter/ })).toBeVisible();
  expect(await storedToken(player)).toBe(token);
  expect(
    await studio.evaluate(() => (window as unknown as { seen: unknown[] }).seen),
  ).toContainEqual({
    origin: new URL(playerUrl).origin,
    type: 'REQUEST_TOKEN',
  });

  // LOGOUT from the studio signs the page out and closes the login dialog it had open.
  await player.evaluate(() => window.dispatchEvent(new Event('show-login-modal')));
  await expect(player.getByRole('dialog')).toBeVisible();
  await studio.evaluate(
    (o) => (window as unknown as { send(m: unknown, o: string): void }).send({ type: 'LOGOUT' }, o),
    new URL(playerUrl).origin,
  );
  await expect(player.getByRole('dialog')).toBeHidden();
  await expect(banner(player).getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedToken(player)).toBeNull();
});

test('"Create" tells a visitor to log in, and opens the studio for an account, token by sync', async ({
  page,
  context,
}) => {
  await page.goto('/For_You');
  await waitForMount(page);
  const studioOrigin = await studioOriginOf(page);
  await serveCreatorSite(context, studioOrigin);
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();

  await nav.getByRole('button', { name: /^Create/ }).click();
  await expect(page.getByText('Login to create')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const { token } = await registerInBrowser(page, 'NewCreator');
  const [studio] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('button', { name: /^Create/ })
      .click(),
  ]);
  await studio.waitForLoadState();
  const opened = new URL(studio.url());
  expect(opened.origin).toBe(studioOrigin);
  expect(opened.searchParams.get('from')).toBe('player');
  expect(studio.url()).not.toContain(token);
  // The studio asks the tab that opened it, which answers it alone, with the token.
  const answer = await studio.evaluate(
    () =>
      new Promise((resolve) => {
        window.addEventListener('message', (event) =>
          resolve({ origin: event.origin, data: event.data }),
        );
        window.opener.postMessage({ type: 'REQUEST_TOKEN' }, '*');
      }),
  );
  expect(answer).toMatchObject({
    origin: new URL(page.url()).origin,
    data: { type: 'SET_TOKEN', token, userInfo: { nick_name: 'NewCreator' } },
  });
});
