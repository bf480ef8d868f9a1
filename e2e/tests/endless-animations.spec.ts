import { expect, type Page, test } from '../support/device';

// Every browser context a journey opens holds endless animations still (support/
// endless-animations.ts), its own and one it makes for a second player; animations that end
// still play to their end. The probe is served on the app's origin by the browser's router.

const PROBE = `<!doctype html><html lang="en"><head><title>Probe</title><style>
@keyframes turn { to { transform: rotate(1turn); } }
.endless { width: 20px; height: 20px; animation: turn 1s linear infinite; }
.once { width: 20px; height: 20px; animation: turn 300ms linear; }
</style></head><body><main><h1>Probe</h1><div class="endless"></div><div class="once"></div></main></body></html>`;

async function openProbe(page: Page) {
  await page.route('**/endless-animations-probe', (route) =>
    route.fulfill({ contentType: 'text/html', body: PROBE }),
  );
  await page.goto('/endless-animations-probe');
}

const playState = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((element) => element.getAnimations()[0]?.playState ?? 'no animation');

test('endless animations are held in the test’s own context and in one it opens', async ({
  page,
  browser,
}) => {
  const second = await browser.newPage();
  try {
    for (const each of [page, second]) {
      await openProbe(each);
      await expect.poll(() => playState(each, '.endless')).toBe('paused');
      await expect.poll(() => playState(each, '.once')).toBe('no animation');
    }
  } finally {
    await second.close();
  }
});
