import { followNavLink, waitForMount } from '../support/app';
import { expect, test } from '../support/device';

const isScript = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');

test('a route chunk that fails to load reloads the page about 1 s later', async ({ page }) => {
  await page.goto('/For_You');
  await waitForMount(page);

  // Every script loaded so far belongs to the start; new ones are the /drama route's chunks (the
  // route module and the modulepreloads of its dependencies). All of them fail until the reload.
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  const aborted: string[] = [];
  let lastAbortAt = 0;
  let reloadAt = 0;
  await page.route(
    (url) => isScript(url) && !loaded.includes(url.pathname),
    async (route) => {
      if (reloadAt) return route.continue();
      aborted.push(new URL(route.request().url()).pathname);
      lastAbortAt = Date.now();
      await route.abort('failed');
    },
  );
  page.on('request', (request) => {
    if (!reloadAt && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      reloadAt = Date.now();
    }
  });

  await followNavLink(page, 'Drama', '/drama');
  await expect
    .poll(() => aborted, { message: 'no lazily loaded chunk was requested for /drama' })
    .not.toEqual([]);
  await expect
    .poll(() => reloadAt, { message: `no reload after the chunks failed: ${aborted}` })
    .toBeGreaterThan(0);

  const delay = reloadAt - lastAbortAt;
  expect(delay, 'the reload waits about 1 s').toBeGreaterThanOrEqual(900);
  // Read in the runner, through the browser's protocol, on a busy machine: the exact 1000 ms is
  // the web unit test's (routes.test.tsx).
  expect(delay, 'the reload waits about 1 s').toBeLessThan(5_000);
  // After the reload the route loads normally.
  await waitForMount(page);
  await expect(page).toHaveURL((url) => url.pathname === '/drama');
});
