import { bodyIsHidden, DEVTOOLS_ORIGIN, waitForMount } from '../support/app';
import { type CDPSession, expect, type Page, test } from '../support/device';

// The guard compares window.outer* with window.inner* every 500 ms. Playwright's viewport fixes the
// inner size, so widening the browser window through CDP opens the same gap docked devtools would.
async function windowOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { windowId, bounds } = await cdp.send('Browser.getWindowForTarget');
  return { cdp, windowId, bounds };
}

async function setWindowWidth(cdp: CDPSession, windowId: number, width: number, height: number) {
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { width, height } });
}

const overlay = (page: Page) => page.getByTestId('devtools-overlay');

test('on another host, a gap over 200 px wide covers the page until it closes', async ({
  page,
}) => {
  await page.goto(`${DEVTOOLS_ORIGIN}/For_You`);
  await waitForMount(page);
  await expect(overlay(page)).toHaveCount(0);

  const { cdp, windowId, bounds } = await windowOf(page);
  const viewport = page.viewportSize()!;
  await setWindowWidth(cdp, windowId, viewport.width + 400, bounds.height ?? viewport.height);
  expect(await page.evaluate(() => window.outerWidth - window.innerWidth)).toBeGreaterThan(200);

  await expect(overlay(page)).toBeVisible();
  await expect.poll(() => bodyIsHidden(page)).toBe(true);

  await setWindowWidth(cdp, windowId, viewport.width, bounds.height ?? viewport.height);
  await expect(overlay(page)).toBeHidden();
  await expect.poll(() => bodyIsHidden(page)).toBe(false);
});

test('on localhost the overlay never appears', async ({ page }) => {
  // The page's clock, so the guard's checks can be run at once instead of waited for.
  await page.clock.install();
  await page.goto('/For_You');
  await waitForMount(page);

  const { cdp, windowId, bounds } = await windowOf(page);
  const viewport = page.viewportSize()!;
  await setWindowWidth(cdp, windowId, viewport.width + 400, bounds.height ?? viewport.height);
  expect(await page.evaluate(() => window.outerWidth - window.innerWidth)).toBeGreaterThan(200);

  // Nothing to wait for when nothing should happen: the 500 ms check gets three turns at once.
  await page.clock.runFor(1_600);
  await expect(overlay(page)).toHaveCount(0);
  expect(await bodyIsHidden(page)).toBe(false);
});
