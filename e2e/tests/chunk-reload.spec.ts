import { expect, test } from '@playwright/test';
import { followNavLink, waitForMount } from '../support/app';

const isScript = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');

test('a route chunk that fails to load reloads the page about 1 s later', async ({ page }) => {
  await page.goto('/For_You');
  await waitForMount(page);

  // Every script loaded so far is part of the start; the next new one is the /drama route chunk.
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  let abortedAt = 0;
  let abortedPath = '';
  await page.route(
    (url) => isScript(url) && !loaded.includes(url.pathname),
    async (route) => {
      if (abortedAt) return route.continue();
      abortedAt = Date.now();
      abortedPath = new URL(route.request().url()).pathname;
      await route.abort('failed');
    },
  );
  const reloadStarted = new Promise<number>((resolve) => {
    page.on('request', (request) => {
      if (abortedAt && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        resolve(Date.now());
      }
    });
  });

  await followNavLink(page, 'Drama', '/drama');
  await expect
    .poll(() => abortedPath, { message: 'no lazily loaded chunk was requested for /drama' })
    .not.toBe('');
  const reloadedAt = await reloadStarted;

  const delay = reloadedAt - abortedAt;
  expect(delay).toBeGreaterThanOrEqual(900);
  expect(delay).toBeLessThan(5_000);
  await page.waitForLoadState('load');
  await expect(page).toHaveURL((url) => url.pathname === '/drama');
});
